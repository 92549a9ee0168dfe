// Runs before `npm start`: the desktop app needs Electron's binary, which `npm install` downloads
// unless ELECTRON_SKIP_BINARY_DOWNLOAD is set or the download failed. Without it electron-vite
// only says "Electron uninstall"; this says what happened and what works instead.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Why the desktop app cannot start here, or null when Electron's binary is in place. */
export function missingElectron(electronDir) {
  if (!existsSync(join(electronDir, 'package.json'))) {
    return 'The electron package is not installed: run `npm install` first.';
  }
  const pathFile = join(electronDir, 'path.txt');
  const binary = existsSync(pathFile)
    ? join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim())
    : null;
  if (binary && existsSync(binary)) return null;
  return [
    "Electron's binary is not installed, so the desktop app cannot open.",
    process.env.ELECTRON_SKIP_BINARY_DOWNLOAD
      ? 'ELECTRON_SKIP_BINARY_DOWNLOAD is set, so `npm install` did not download it.'
      : 'Its download during `npm install` did not finish (no network, or a proxy in the way).',
    'Download it with `node node_modules/electron/install.js` (with ELECTRON_SKIP_BINARY_DOWNLOAD unset),',
    'or run the same console in a browser without Electron: `npm run build && node bin/troupe.js serve`.',
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const problem = missingElectron(join(root, 'node_modules', 'electron'));
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
