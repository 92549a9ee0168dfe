import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserWindow } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { focusWindow, mainWindowOptions, openMainWindow } from '../../../src/main/app/window';
import { readWindowState, writeWindowState } from '../../../src/main/app/window-state';
import { captureLogger } from './capture-logger';
import { asElectron, FakeBrowserWindow, fake, resetFakeElectron } from './fake-electron';

vi.mock('electron', () => import('./fake-electron').then((m) => m.electronModule));

const PRELOAD = '/opt/Troupe/resources/app.asar/out/preload/index.cjs';

function open(windowStateFile: string): FakeBrowserWindow {
  openMainWindow({
    preloadPath: PRELOAD,
    entryUrl: 'app://troupe/',
    windowStateFile,
    logger: captureLogger().logger,
  });
  const window = FakeBrowserWindow.instances.at(-1);
  if (window === undefined) throw new Error('no window was created');
  return window;
}

describe('mainWindowOptions', () => {
  const options = mainWindowOptions({ bounds: { width: 1280, height: 800 }, maximized: false }, PRELOAD);

  it('isolates and sandboxes the renderer, with no Node and web security on', () => {
    expect(options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('loads the bundled CommonJS preload', () => {
    expect(options.webPreferences?.preload).toBe(PRELOAD);
  });

  it('starts hidden at the placed size with a sane minimum', () => {
    expect(options).toMatchObject({ width: 1280, height: 800, show: false, minWidth: 960, minHeight: 600 });
    expect(options).not.toHaveProperty('x');
  });
});

describe('openMainWindow', () => {
  let stateFile: string;

  beforeEach(() => {
    resetFakeElectron();
    stateFile = join(mkdtempSync(join(tmpdir(), 'troupe-window-')), 'window-state.json');
  });

  it('loads the console and shows the window once it is ready', () => {
    const window = open(stateFile);
    expect(window.loadedUrl).toBe('app://troupe/');
    expect(window.visible).toBe(true);
    expect(window.options.webPreferences).toMatchObject({ preload: PRELOAD, sandbox: true });
  });

  it('reopens where the operator left it, maximized again', () => {
    writeWindowState(stateFile, { x: 100, y: 80, width: 1500, height: 900, maximized: true });
    const window = open(stateFile);
    expect(window.options).toMatchObject({ x: 100, y: 80, width: 1500, height: 900 });
    expect(window.maximized).toBe(true);
  });

  it('remembers size, position and maximized state when closed', () => {
    const window = open(stateFile);
    window.bounds = { x: 210, y: 120, width: 1111.4, height: 777 };
    window.maximize();
    window.close();
    expect(readWindowState(stateFile)).toEqual({ x: 210, y: 120, width: 1111, height: 777, maximized: true });
  });

  it('brings back a window saved on a monitor that is gone, at the default size', () => {
    writeWindowState(stateFile, { x: 3000, y: 200, width: 1500, height: 900, maximized: false });
    fake().displays = [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }];
    const window = open(stateFile);
    expect(window.options).toMatchObject({ width: 1280, height: 800 });
    expect(window.options).not.toHaveProperty('x');
    expect(window.options).not.toHaveProperty('y');
  });
});

describe('focusWindow', () => {
  beforeEach(() => resetFakeElectron());

  it('restores a minimized window and focuses it', () => {
    const window = new FakeBrowserWindow({});
    window.minimize();
    focusWindow(asElectron<BrowserWindow>(window));
    expect(window).toMatchObject({ minimized: false, visible: true, focused: true });
  });

  it('does nothing when there is no window yet or it is gone', () => {
    expect(() => focusWindow(null)).not.toThrow();
    const window = new FakeBrowserWindow({});
    window.close();
    focusWindow(asElectron<BrowserWindow>(window));
    expect(window.focused).toBe(false);
  });
});
