import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runDesktopApp } from '../../../src/main/app/desktop-app';
import type { RuntimeHandle, RuntimeOptions } from '../../../src/main/runtime/types';
import { IPC_CALL_CHANNEL } from '../../../src/shared/api';
import {
  FakeBrowserWindow,
  FakeNotification,
  FakeTray,
  fake,
  invokeIpc,
  resetFakeElectron,
} from './fake-electron';
import { FakeShellRuntime } from './fake-shell-runtime';

vi.mock('electron', () => import('./fake-electron').then((m) => m.electronModule));

describe('runDesktopApp', () => {
  let root: string;
  let stateDir: string;
  let mainBundleDir: string;
  let runtimes: FakeShellRuntime[];
  let runtimeOptions: RuntimeOptions[];
  let failStartWith: Error | null;
  const resourcesPathBefore = process.resourcesPath;
  /** Electron sets process.resourcesPath (typed read-only); under Node the test plays that part. */
  const setResourcesPath = (path: string): void => {
    Object.defineProperty(process, 'resourcesPath', { value: path, configurable: true, writable: true });
  };

  /** The desktop setting the runtime of the next start has. */
  let closeToTray: boolean;

  async function createRuntime(options: RuntimeOptions): Promise<RuntimeHandle> {
    if (failStartWith) throw failStartWith;
    const runtime = new FakeShellRuntime(options.stateDir);
    runtime.addAgent('Juniper');
    runtime.settings = { ...runtime.settings, desktop: { ...runtime.settings.desktop, closeToTray } };
    runtimeOptions.push(options);
    runtimes.push(runtime);
    return runtime;
  }

  function start(env: NodeJS.ProcessEnv = {}, args: string[] = ['--state', stateDir]): void {
    runDesktopApp({
      createRuntime,
      mainBundleDir,
      args,
      env: { TROUPE_LOG_LEVEL: 'silent', ...env },
      cwd: root,
    });
  }

  async function started(): Promise<FakeBrowserWindow> {
    await vi.waitFor(() => expect(FakeBrowserWindow.instances).toHaveLength(1));
    return FakeBrowserWindow.instances[0]!;
  }

  beforeEach(() => {
    resetFakeElectron();
    root = mkdtempSync(join(tmpdir(), 'troupe-desktop-'));
    stateDir = join(root, 'state');
    mainBundleDir = join(root, 'out', 'main');
    mkdirSync(join(root, 'out', 'renderer'), { recursive: true });
    writeFileSync(join(root, 'out', 'renderer', 'index.html'), '<title>Troupe console</title>');
    runtimes = [];
    runtimeOptions = [];
    failStartWith = null;
    closeToTray = true;
    fake().app.appPath = root;
  });

  afterEach(() => {
    setResourcesPath(resourcesPathBefore);
  });

  it('leaves everything to the running instance when it cannot take the single-instance lock', async () => {
    fake().app.hasSingleInstanceLock = false;
    start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fake().app.quitCount).toBe(1);
    expect(fake().privilegedSchemes).toEqual([]);
    expect(runtimes).toEqual([]);
    expect(FakeBrowserWindow.instances).toEqual([]);
  });

  it('starts the runtime in desktop mode on the state directory and opens the console on app://', async () => {
    start();
    const window = await started();
    expect(runtimes).toHaveLength(1);
    expect(runtimeOptions[0]).toMatchObject({
      mode: 'desktop',
      stateDir,
      appRoot: root,
      cwd: root,
      version: '9.9.9',
      cipher: { kind: 'os-keychain' },
    });
    expect(existsSync(stateDir)).toBe(true);
    expect(window.loadedUrl).toBe('app://troupe/');
    expect(window.options.webPreferences).toMatchObject({
      preload: join(root, 'out', 'preload', 'index.cjs'),
      sandbox: true,
      contextIsolation: true,
    });
  });

  it('serves the built renderer next to the main bundle on the app scheme', async () => {
    start();
    await started();
    const response = await fake().protocolHandlers.get('app')?.(new Request('app://troupe/'));
    expect(await response?.text()).toBe('<title>Troupe console</title>');
    expect(response?.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('passes --config-path to the runtime', async () => {
    start({}, ['--state', stateDir, '--config-path', '/agents/a:/agents/b']);
    await started();
    expect(runtimeOptions[0]?.configPathOverride).toEqual(['/agents/a', '/agents/b']);
  });

  it("uses Electron's user-data directory when no state directory is named", async () => {
    fake().app.userDataDir = join(root, 'user-data');
    start({}, []);
    await started();
    expect(runtimeOptions[0]?.stateDir).toBe(join(root, 'user-data'));
  });

  it('binds the console window to the runtime over IPC', async () => {
    start();
    const window = await started();
    const outcome = await invokeIpc(
      IPC_CALL_CHANNEL,
      { sender: window.webContents, senderFrame: window.webContents.mainFrame },
      'app.info',
      {},
    );
    expect(outcome).toEqual({ ok: true, result: { method: 'app.info' } });
  });

  it('keeps the console window from navigating away', async () => {
    start();
    const window = await started();
    expect(window.webContents.navigate('https://example.com/')).toBe(false);
    expect(fake().openedExternally).toEqual(['https://example.com/']);
  });

  it('brings the existing window forward when Troupe is started again', async () => {
    start();
    const window = await started();
    window.minimize();
    fake().app.emit('second-instance');
    expect(window).toMatchObject({ minimized: false, focused: true });
  });

  it('loads the dev server in development', async () => {
    start({ ELECTRON_RENDERER_URL: 'http://localhost:5173/' });
    const window = await started();
    expect(window.loadedUrl).toBe('http://localhost:5173/');
    expect(fake().protocolHandlers.has('app')).toBe(false);
  });

  it('ignores ELECTRON_RENDERER_URL in a packaged app, uses the bundled resources and logs to a file', async () => {
    fake().app.isPackaged = true;
    setResourcesPath(join(root, 'resources'));
    start({ ELECTRON_RENDERER_URL: 'https://evil.example/' });
    const window = await started();
    expect(window.loadedUrl).toBe('app://troupe/');
    expect(runtimeOptions[0]?.appRoot).toBe(join(root, 'resources'));
    expect(existsSync(join(stateDir, 'logs', 'desktop.log'))).toBe(true);
  });

  it("loads a packaged app's agents from a copy of the samples in the state directory, writable and kept", async () => {
    fake().app.isPackaged = true;
    setResourcesPath(join(root, 'resources'));
    mkdirSync(join(root, 'resources', 'samples', 'agents'), { recursive: true });
    writeFileSync(join(root, 'resources', 'samples', 'agents', 'Juniper.md'), '# Agent Name\nJuniper\n');
    start();
    await started();
    expect(runtimeOptions[0]?.defaultConfigDirs).toEqual([
      join(stateDir, 'config'),
      join(root, 'resources', 'configdir'),
    ]);
    expect(existsSync(join(stateDir, 'config', 'agents', 'Juniper.md'))).toBe(true);
  });

  it("loads the checkout's own samples in development", async () => {
    start();
    await started();
    expect(runtimeOptions[0]?.defaultConfigDirs).toBeUndefined();
    expect(existsSync(join(stateDir, 'config'))).toBe(false);
  });

  it('keeps the agents running in the tray when the window closes, and says so once', async () => {
    start();
    const window = await started();
    expect(window.close()).toBe(false);
    expect(window).toMatchObject({ visible: false, destroyed: false });
    expect(fake().app.quitCount).toBe(0);
    expect(runtimes[0]?.closeCount).toBe(0);
    await vi.waitFor(() =>
      expect(FakeNotification.shown.map((note) => note.options.title)).toEqual([
        'Troupe is still running in the tray',
      ]),
    );
    window.show();
    window.close();
    expect(FakeNotification.shown).toHaveLength(1);
  });

  it('quits for real from the tray: the window closes and the runtime closes once', async () => {
    start();
    const window = await started();
    await vi.waitFor(() => expect(FakeTray.instances[0]?.menu).not.toBeNull());
    FakeTray.instances[0]?.menu?.item('Quit Troupe').click?.();
    await vi.waitFor(() => expect(fake().app.hasQuit).toBe(true));
    expect(window.destroyed).toBe(true);
    expect(runtimes[0]?.closeCount).toBe(1);
    expect(FakeTray.instances[0]?.isDestroyed()).toBe(true);
    expect(fake().ipcHandlers.has(IPC_CALL_CHANNEL)).toBe(false);
    expect(existsSync(join(stateDir, 'window-state.json'))).toBe(true);
  });

  it('quits when the window closes with keep-running switched off', async () => {
    closeToTray = false;
    start();
    const window = await started();
    await vi.waitFor(() => expect(FakeTray.instances[0]?.menu).not.toBeNull());
    window.close();
    expect(fake().app.quitCount).toBe(1);
    await vi.waitFor(() => expect(fake().app.hasQuit).toBe(true));
    expect(runtimes[0]?.closeCount).toBe(1);
  });

  it('starts in the tray with --hidden, and opens the console where it is asked to', async () => {
    start({}, ['--state', stateDir, '--hidden']);
    await vi.waitFor(() => expect(FakeTray.instances[0]?.menu?.labels()).toContain('Juniper — Running'));
    expect(FakeBrowserWindow.instances).toEqual([]);
    FakeTray.instances[0]?.menu?.item('Juniper — Running').click?.();
    const window = await started();
    expect(window.loadedUrl).toBe('app://troupe/#/agents/Juniper');
    window.close();
    expect(window.visible).toBe(false);
    fake().applicationMenu?.item('Settings').click?.();
    expect(window).toMatchObject({ visible: true, focused: true });
    await vi.waitFor(() => expect(window.webContents.getURL()).toBe('app://troupe/#/settings'));
    expect(FakeBrowserWindow.instances).toHaveLength(1);
  });

  it('does not close the runtime twice when quit is requested again while closing', async () => {
    start();
    await started();
    fake().app.quit();
    fake().app.quit();
    await vi.waitFor(() => expect(fake().app.hasQuit).toBe(true));
    expect(runtimes[0]?.closeCount).toBe(1);
  });

  it('tells the operator why it could not start, and exits with an error', async () => {
    failStartWith = new Error('The database is locked by another program.');
    start();
    await vi.waitFor(() => expect(fake().app.exitCode).toBe(1));
    expect(fake().errorBoxes).toEqual([
      { title: 'Troupe could not start', content: 'The database is locked by another program.' },
    ]);
    expect(FakeBrowserWindow.instances).toEqual([]);
  });
});
