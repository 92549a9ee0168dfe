import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

// One build for the three Electron targets. The main target also emits the `troupe` CLI
// (cli.js), which hosts the same runtime under plain Node for `troupe serve`.
export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        input: {
          index: resolve('src/main/app/index.ts'),
          cli: resolve('src/main/cli.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload must be a single CommonJS file.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
  },
  renderer: {
    root: resolve('src/renderer'),
    build: {
      // The browser console downloads this bundle over the network; keep it small.
      minify: true,
      rollupOptions: { input: { index: resolve('src/renderer/index.html') } },
    },
    plugins: [react()],
  },
});
