import { join } from 'node:path';
import { app, type BrowserWindow, dialog, safeStorage, session, shell } from 'electron';
import type { Logger } from '../logging';
import { resolveStateDir } from '../runtime/state-dir';
import type { RuntimeHandle, RuntimeOptions } from '../runtime/types';
import { createKeyFileCipher } from '../secrets';
import { APP_ENTRY_URL, registerAppScheme, serveRendererOverAppScheme } from './app-protocol';
import { type DesktopArgs, parseDesktopArgs } from './desktop-args';
import { createDesktopLogger } from './desktop-logger';
import { bindIpc } from './ipc';
import { chooseDesktopCipher } from './safe-storage-cipher';
import { applySessionSecurity, contentSecurityPolicy, hardenWebContents } from './security';
import { focusWindow, openMainWindow } from './window';
import { WINDOW_STATE_FILE_NAME } from './window-state';

export interface DesktopAppDeps {
  createRuntime: (options: RuntimeOptions) => Promise<RuntimeHandle>;
  /** The directory of the bundled main entry (out/main); the preload and renderer builds sit beside it. */
  mainBundleDir: string;
  /** The operator's command-line arguments (see `desktopUserArgs`). */
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** The console's URL: the dev server under `electron-vite dev`, the app scheme otherwise. */
export function consoleEntryUrl(
  isPackaged: boolean,
  env: NodeJS.ProcessEnv,
): { entryUrl: string; devServerUrl?: string } {
  // A packaged app never reads ELECTRON_RENDERER_URL: whoever sets the variable would choose the
  // page that gets the API bridge.
  const devServerUrl = isPackaged ? undefined : env.ELECTRON_RENDERER_URL?.trim();
  return devServerUrl ? { entryUrl: devServerUrl, devServerUrl } : { entryUrl: APP_ENTRY_URL };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The Electron main process: one instance per user, the runtime hosted in-process, one console
 * window bound to it over IPC, and the runtime closed before the process exits.
 */
export function runDesktopApp(deps: DesktopAppDeps): void {
  if (!app.requestSingleInstanceLock()) {
    // Two processes on one state directory would fight over the database and the Telegram
    // sessions; the running instance brings its window forward instead.
    app.quit();
    return;
  }
  registerAppScheme();

  let mainWindow: BrowserWindow | null = null;
  let runtime: RuntimeHandle | null = null;
  let unbindIpc: (() => void) | null = null;
  let logger: Logger | null = null;

  app.on('second-instance', () => focusWindow(mainWindow));

  const start = async (): Promise<void> => {
    const args: DesktopArgs = parseDesktopArgs(deps.args);
    const stateDir = resolveStateDir({
      flag: args.stateDir,
      env: deps.env,
      desktopUserDataDir: app.getPath('userData'),
      cwd: deps.cwd,
    });
    const rootLogger = createDesktopLogger({ stateDir, env: deps.env, toFile: app.isPackaged });
    const log = rootLogger.child({ module: 'desktop' });
    logger = log;

    const { entryUrl, devServerUrl } = consoleEntryUrl(app.isPackaged, deps.env);
    const csp = contentSecurityPolicy(devServerUrl);
    app.on('web-contents-created', (_event, contents) => {
      hardenWebContents(contents, {
        appUrl: entryUrl,
        openExternal: (url) => shell.openExternal(url),
        logger: log,
      });
    });
    applySessionSecurity(session.defaultSession, { appUrl: entryUrl, csp });
    if (devServerUrl === undefined) {
      serveRendererOverAppScheme(join(deps.mainBundleDir, '../renderer'), csp, () => runtime?.mediaFile);
    }

    const cipher = chooseDesktopCipher({
      safeStorage,
      platform: process.platform,
      createFallbackCipher: () => createKeyFileCipher({ stateDir, env: deps.env, logger: rootLogger }),
      logger: log,
    });
    runtime = await deps.createRuntime({
      mode: 'desktop',
      stateDir,
      appRoot: app.isPackaged ? process.resourcesPath : app.getAppPath(),
      env: deps.env,
      cwd: deps.cwd,
      ...(args.configPath ? { configPathOverride: args.configPath } : {}),
      cipher,
      logger: rootLogger,
      version: app.getVersion(),
    });
    unbindIpc = bindIpc({
      dispatch: runtime.dispatch,
      events: runtime.events,
      appUrl: entryUrl,
      consoleWindows: () => (mainWindow ? [mainWindow] : []),
      logger: log,
    });

    const showConsole = (): void => {
      mainWindow = openMainWindow({
        preloadPath: join(deps.mainBundleDir, '../preload/index.cjs'),
        entryUrl,
        windowStateFile: join(stateDir, WINDOW_STATE_FILE_NAME),
        logger: log,
      });
      mainWindow.on('closed', () => {
        mainWindow = null;
      });
    };
    showConsole();
    // macOS keeps the app (and its agents) running with no window; the dock icon reopens it.
    app.on('activate', () => {
      if (mainWindow === null) showConsole();
    });
  };

  let stopping: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      unbindIpc?.();
      await runtime?.close();
    })().catch((err: unknown) => logger?.error({ err }, 'the runtime did not close cleanly'));
    return stopping;
  };

  const startup = app
    .whenReady()
    .then(start)
    .catch(async (err: unknown) => {
      logger?.fatal({ err }, 'Troupe could not start');
      dialog.showErrorBox('Troupe could not start', messageOf(err));
      await stop();
      app.exit(1);
    });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  let stopped = false;
  app.on('before-quit', (event) => {
    if (stopped) return;
    // Hold the quit until the runtime has closed its database and connections, then quit again.
    event.preventDefault();
    void startup.then(stop).finally(() => {
      stopped = true;
      app.quit();
    });
  });
}
