import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|wasm)$/;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy next to each text file of the console, once at
 * build time: `troupe serve` sends the copy the browser accepts instead of compressing per request.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'troupe-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? '';
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = join(dir, name);
          const content = await readFile(file);
          const [br, gzipped] = await Promise.all([
            brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gz(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
        }),
      );
    },
  };
}

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
    plugins: [react(), precompress()],
  },
});
