/**
 * The Electron entry (out/main/index.js): the composition root of the desktop app. Everything
 * Electron-specific lives in this folder; the runtime it hosts is the same one `troupe serve` runs.
 */
import { createRuntime } from '../runtime/runtime';
import { runDesktopApp } from './desktop-app';
import { desktopUserArgs } from './desktop-args';

runDesktopApp({
  createRuntime,
  mainBundleDir: import.meta.dirname,
  args: desktopUserArgs(process.argv, process.defaultApp === true),
  env: process.env,
  cwd: process.cwd(),
});
