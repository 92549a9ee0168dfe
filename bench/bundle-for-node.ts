import { basename, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const OUT_DIR = fileURLToPath(new URL('./.out/', import.meta.url));

/**
 * Bundles a benchmark's child-process script with its sources into one ES module under
 * `bench/.out/`, as the app's own build bundles the runtime: the child then runs on plain Node,
 * with no TypeScript loader in its memory or on its CPU, and its packages stay in node_modules.
 * Vite is the app's build tool already; a bundle takes well under a second.
 */
export async function bundleForNode(entry: URL): Promise<string> {
  const file = fileURLToPath(entry);
  const name = basename(file, extname(file));
  await build({
    configFile: false,
    logLevel: 'warn',
    root: fileURLToPath(new URL('..', import.meta.url)),
    build: {
      ssr: file,
      outDir: OUT_DIR,
      emptyOutDir: false,
      minify: false,
      target: 'node22',
      rollupOptions: { output: { format: 'es', entryFileNames: `${name}.mjs` } },
    },
  });
  return join(OUT_DIR, `${name}.mjs`);
}
