import { defineConfig } from 'vitest/config';

// Benchmarks print figures (`npm run bench`: vitest prints a table per benchmark); they never assert timings.
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    benchmark: { include: ['bench/**/*.bench.ts'] },
    // One benchmark file at a time: two at once would time each other's work.
    fileParallelism: false,
    setupFiles: ['bench/setup.ts'],
  },
});
