#!/usr/bin/env node
/**
 * Packaging check (`npm run package:check`, after `npm run build`): packages the app with
 * electron-builder as an unpacked Linux app and inspects the result, so a broken `files`,
 * `asarUnpack` or `extraResources` rule fails CI instead of a user's install.
 *
 * It runs offline: no Electron binary can be downloaded here, so electron-builder gets a stand-in
 * `electron` file through `electronDist`. The stand-in carries a copy of Electron's fuse wire
 * (sentinel, version, length, Electron's default fuse states), so the `electronFuses` settings are
 * really applied and can be read back. The packaged app cannot run; its contents can be checked.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractFile, listPackage, statFile } from '@electron/asar';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

const EXECUTABLE_NAME = 'troupe';
const appOutDir = join(root, 'dist', 'linux-unpacked');
const resourcesDir = join(appOutDir, 'resources');
const asarPath = join(resourcesDir, 'app.asar');
const unpackedDir = join(resourcesDir, 'app.asar.unpacked');

/** The build outputs the app cannot start or serve without. */
const BUILD_OUTPUTS = [
  'out/main/index.js',
  'out/main/cli.js',
  'out/preload/index.cjs',
  'out/renderer/index.html',
];
/** Top-level paths of the repository that must never ship inside app.asar. */
const NEVER_PACKED = [
  'src',
  'test',
  'bench',
  'scripts',
  'build',
  'samples',
  'configdir',
  'electron-builder.yml',
  'tsconfig.json',
];

/**
 * Electron's fuse wire as @electron/fuses reads it: sentinel, wire version 1, wire length, then one
 * byte per fuse ('1' enabled, '0' disabled). Order: runAsNode, cookieEncryption, nodeOptions,
 * nodeCliInspect, embeddedAsarIntegrityValidation, onlyLoadAppFromAsar,
 * loadBrowserProcessSpecificV8Snapshot, grantFileProtocolExtraPrivileges.
 */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const FUSE_NAMES = [
  'runAsNode',
  'enableCookieEncryption',
  'enableNodeOptionsEnvironmentVariable',
  'enableNodeCliInspectArguments',
  'enableEmbeddedAsarIntegrityValidation',
  'onlyLoadAppFromAsar',
  'loadBrowserProcessSpecificV8Snapshot',
  'grantFileProtocolExtraPrivileges',
];
const ELECTRON_DEFAULT_FUSES = '10110001';
/** What the shipped binary must say: the hardening in electron-builder.yml. */
const EXPECTED_FUSES = '01001100';

const results = [];

function check(description, ok, detail = '') {
  results.push({ description, ok });
  console.log(`${ok ? 'ok  ' : 'FAIL'}  ${description}${detail ? `\n      ${detail}` : ''}`);
  return ok;
}

function fail(message) {
  console.error(`\npackage:check failed: ${message}`);
  process.exit(1);
}

/** Relative paths of every file under `dir`, with forward slashes. */
function listFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

function createStandInElectron() {
  const dir = mkdtempSync(join(tmpdir(), 'troupe-electron-dist-'));
  const file = join(dir, 'electron');
  const wire = Buffer.concat([
    Buffer.from(
      '#!/bin/sh\necho "stand-in Electron binary for package:check; it cannot run the app" >&2\nexit 1\n',
    ),
    Buffer.from(FUSE_SENTINEL),
    Buffer.from([1, ELECTRON_DEFAULT_FUSES.length]),
    Buffer.from(ELECTRON_DEFAULT_FUSES),
    Buffer.from('\n'),
  ]);
  writeFileSync(file, wire);
  chmodSync(file, 0o755);
  return dir;
}

function readFuses(binary) {
  const bytes = readFileSync(binary);
  const at = bytes.indexOf(FUSE_SENTINEL);
  if (at === -1) return null;
  const start = at + FUSE_SENTINEL.length;
  const length = bytes[start + 1];
  return bytes.subarray(start + 2, start + 2 + length).toString('latin1');
}

// 1. The build the package is made from.
console.log('Checking the electron-vite build in out/');
const missingOutputs = BUILD_OUTPUTS.filter((path) => !existsSync(join(root, path)));
if (
  !check(
    'out/ holds the main, CLI, preload and renderer builds',
    missingOutputs.length === 0,
    missingOutputs.join(', '),
  )
) {
  fail(`missing ${missingOutputs.join(', ')}. Run "npm run build" first (npm run package:check does).`);
}

// 2. Package it.
const electronVersion = require('electron/package.json').version;
const electronDist = createStandInElectron();
const builderCli = join(dirname(require.resolve('electron-builder/package.json')), 'cli.js');
console.log(
  `\nPackaging with electron-builder --linux dir (Electron ${electronVersion}, offline stand-in binary)`,
);
rmSync(appOutDir, { recursive: true, force: true });
const build = spawnSync(
  process.execPath,
  [
    builderCli,
    '--linux',
    'dir',
    '--publish',
    'never',
    `-c.electronDist=${electronDist}`,
    `-c.electronVersion=${electronVersion}`,
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } },
);
rmSync(electronDist, { recursive: true, force: true });
if (
  !check(
    'electron-builder packaged the app',
    build.status === 0,
    build.status === 0 ? '' : `exit status ${build.status ?? build.signal}`,
  )
) {
  fail('electron-builder failed; its output is above.');
}
if (!check('dist/linux-unpacked/resources/app.asar exists', existsSync(asarPath))) {
  fail(`${relative(root, asarPath)} was not produced.`);
}

// 3. What app.asar holds.
console.log('\nChecking app.asar');
const packed = new Set(
  listPackage(asarPath, { isPack: false }).map((path) => path.split(sep).join('/').replace(/^\//, '')),
);
for (const path of BUILD_OUTPUTS) check(`app.asar holds ${path}`, packed.has(path));

const packagedManifest = JSON.parse(extractFile(asarPath, 'package.json').toString('utf8'));
check(
  `package.json "main" (${packagedManifest.main}) is inside app.asar`,
  typeof packagedManifest.main === 'string' && packed.has(packagedManifest.main),
);

const dependencies = Object.keys(
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).dependencies ?? {},
);
const missingDependencies = dependencies.filter((name) => !packed.has(`node_modules/${name}/package.json`));
check(
  `app.asar holds the production dependencies (${dependencies.join(', ')})`,
  missingDependencies.length === 0,
  missingDependencies.length ? `missing: ${missingDependencies.join(', ')}` : '',
);

const strays = [...packed].filter(
  (path) =>
    NEVER_PACKED.some((top) => path === top || path.startsWith(`${top}/`)) ||
    path.endsWith('.map') ||
    path.startsWith('node_modules/electron/') ||
    path.startsWith('node_modules/better-sqlite3/deps/') ||
    path.startsWith('node_modules/better-sqlite3/src/'),
);
check(
  'app.asar holds no sources, tests, source maps, dev dependencies or native build inputs',
  strays.length === 0,
  strays.slice(0, 10).join(', '),
);

// 4. The native SQLite binding, outside the archive where it can be loaded.
console.log('\nChecking the better-sqlite3 native binding');
const prebuild = `node_modules/better-sqlite3/prebuilds/linux-${process.arch}.node`;
check(`app.asar.unpacked holds ${prebuild}`, existsSync(join(unpackedDir, prebuild)));
let markedUnpacked = false;
try {
  markedUnpacked = statFile(asarPath, prebuild).unpacked === true;
} catch {
  markedUnpacked = false;
}
check('app.asar marks it unpacked, so Electron loads it from app.asar.unpacked', markedUnpacked);
const unpackedNodeFiles = existsSync(unpackedDir)
  ? listFiles(unpackedDir).filter((path) => path.endsWith('.node'))
  : [];
const foreignBinaries = unpackedNodeFiles.filter((path) => /\/(darwin|win32)-[^/]+\.node$/.test(path));
check(
  'no macOS or Windows binaries ship in the Linux package',
  foreignBinaries.length === 0,
  foreignBinaries.join(', '),
);

// 4b. The sqlite-vec extension memory recall loads, as a plain file SQLite can open.
const vectorExtension = `node_modules/sqlite-vec-linux-${process.arch}/vec0.so`;
check(`app.asar.unpacked holds ${vectorExtension}`, existsSync(join(unpackedDir, vectorExtension)));

// 5. Samples and shared prompts as plain files next to the archive.
console.log('\nChecking extra resources');
for (const dir of ['samples', 'configdir']) {
  const shipped = existsSync(join(resourcesDir, dir)) ? listFiles(join(resourcesDir, dir)) : [];
  const source = listFiles(join(root, dir));
  const missing = source.filter((path) => !shipped.includes(path));
  check(
    `resources/${dir}/ holds all ${source.length} files of ${dir}/`,
    source.length > 0 && missing.length === 0,
    missing.slice(0, 10).join(', '),
  );
}

// 5b. The tray icons, which the desktop shell loads from resources/tray/.
const trayIcons = listFiles(join(root, 'build', 'tray')).filter((path) => path.endsWith('.png'));
const shippedTrayIcons = existsSync(join(resourcesDir, 'tray')) ? listFiles(join(resourcesDir, 'tray')) : [];
const missingTrayIcons = trayIcons.filter((path) => !shippedTrayIcons.includes(path));
check(
  `resources/tray/ holds all ${trayIcons.length} tray icons of build/tray/`,
  trayIcons.length > 0 && missingTrayIcons.length === 0,
  missingTrayIcons.join(', '),
);

// 6. The hardened binary.
console.log('\nChecking Electron fuses');
const binary = join(appOutDir, EXECUTABLE_NAME);
const fuses = existsSync(binary) && statSync(binary).isFile() ? readFuses(binary) : null;
const fuseReport = fuses
  ? FUSE_NAMES.map((name, index) => `${name}=${fuses[index] === '1' ? 'on' : 'off'}`).join(' ')
  : `no fuse wire found in ${relative(root, binary)}`;
check(
  'fuses match electron-builder.yml (no run-as-node, NODE_OPTIONS or --inspect; app.asar only)',
  fuses === EXPECTED_FUSES,
  fuseReport,
);

// Summary.
const failed = results.filter((result) => !result.ok);
console.log(`\n${results.length - failed.length} of ${results.length} packaging checks passed.`);
if (failed.length > 0) fail(failed.map((result) => result.description).join('; '));
