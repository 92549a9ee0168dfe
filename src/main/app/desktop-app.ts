import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { app, dialog, safeStorage, session, shell } from 'electron';
import { createApiClient } from '../../shared/api';
import { installedConfigDirs } from '../config';
import type { Logger } from '../logging';
import { resolveStateDir } from '../runtime/state-dir';
import type { RuntimeHandle, RuntimeOptions } from '../runtime/types';
import { createKeyFileCipher } from '../secrets';
import { readmeUrl } from './app-menu';
import { APP_ENTRY_URL, registerAppScheme, serveRendererOverAppScheme } from './app-protocol';
import { ConsoleWindow } from './console-window';
import { type DesktopArgs, parseDesktopArgs } from './desktop-args';
import { createDesktopLogger } from './desktop-logger';
import { type DesktopShell, startDesktopShell } from './desktop-shell';
import { bindIpc } from './ipc';
import { chooseDesktopCipher } from './safe-storage-cipher';
import { applySessionSecurity, contentSecurityPolicy, hardenWebContents } from './security';
import { trayIconDir } from './tray-icons';
import { WINDOW_STATE_FILE_NAME } from './window-state';

/** The Windows identity notifications are shown under; electron-builder.yml's appId. */
const APP_USER_MODEL_ID = 'app.troupe.desktop';

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

function readPackageJson(appPath: string): string {
  try {
    return readFileSync(join(appPath, 'package.json'), 'utf8');
  } catch {
    return '';
  }
}

/**
 * The Electron main process: one instance per user, the runtime hosted in-process, one console
 * window bound to it over IPC, the tray, menu and notifications around it, and the runtime closed
 * before the process exits. Closing the window may leave the agents running in the tray; only
 * quitting (the tray, the menu, Cmd+Q) stops them.
 */
export function runDesktopApp(deps: DesktopAppDeps): void {
  if (!app.requestSingleInstanceLock()) {
    // Two processes on one state directory would fight over the database and the Telegram
    // sessions; the running instance brings its window forward instead.
    app.quit();
    return;
  }
  registerAppScheme();
  if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);

  let runtime: RuntimeHandle | null = null;
  let unbindIpc: (() => void) | null = null;
  let desktopShell: DesktopShell | null = null;
  let logger: Logger | null = null;
  /** Set once a quit begins: closing the window then closes it, whatever the tray setting says. */
  let quitting = false;
  let openConsole: (route?: string) => void = () => {};

  app.on('second-instance', () => openConsole());

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
      serveRendererOverAppScheme(
        join(deps.mainBundleDir, '../renderer'),
        csp,
        () => runtime?.mediaFile,
        () => runtime?.exportConversation,
      );
    }

    const cipher = chooseDesktopCipher({
      safeStorage,
      platform: process.platform,
      createFallbackCipher: () => createKeyFileCipher({ stateDir, env: deps.env, logger: rootLogger }),
      logger: log,
    });
    const started = await deps.createRuntime({
      mode: 'desktop',
      stateDir,
      appRoot: app.isPackaged ? process.resourcesPath : app.getAppPath(),
      ...(app.isPackaged
        ? { defaultConfigDirs: await installedConfigDirs(stateDir, process.resourcesPath, rootLogger) }
        : {}),
      env: deps.env,
      cwd: deps.cwd,
      ...(args.configPath ? { configPathOverride: args.configPath } : {}),
      cipher,
      logger: rootLogger,
      version: app.getVersion(),
    });
    runtime = started;

    const appPath = app.getAppPath();
    const shellOfApp = startDesktopShell({
      api: createApiClient({
        call: started.dispatch,
        onEvent: (listener) => started.events.subscribe(listener),
      }),
      platform: process.platform,
      stateDir,
      iconDir: trayIconDir(app.isPackaged, process.resourcesPath, appPath),
      isPackaged: app.isPackaged,
      loginItem: { execPath: process.execPath, env: deps.env, homeDir: homedir() },
      readmeUrl: readmeUrl(readPackageJson(appPath)),
      openConsole: (route) => consoleWindow.show(route),
      quit: () => app.quit(),
      logger: rootLogger.child({ module: 'desktop-shell' }),
    });
    desktopShell = shellOfApp;
    const consoleWindow = new ConsoleWindow({
      preloadPath: join(deps.mainBundleDir, '../preload/index.cjs'),
      entryUrl,
      windowStateFile: join(stateDir, WINDOW_STATE_FILE_NAME),
      logger: log,
      closeToTray: {
        shouldHide: () => !quitting && shellOfApp.closeToTray(),
        onHidden: () => shellOfApp.windowHidden(),
      },
      onSessionEnd: () => {
        quitting = true;
      },
    });
    openConsole = (route) => consoleWindow.show(route);
    unbindIpc = bindIpc({
      dispatch: shellOfApp.watchConsoleCalls(started.dispatch),
      events: started.events,
      appUrl: entryUrl,
      consoleWindows: () => (consoleWindow.current ? [consoleWindow.current] : []),
      logger: log,
    });

    // Started at login, Troupe opens in the tray; the window waits until it is asked for.
    const openedAtLogin = process.platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin;
    if (!args.hidden && !openedAtLogin) consoleWindow.show();
    // macOS keeps the app (and its agents) running with no window; the dock icon reopens it.
    app.on('activate', () => consoleWindow.show());
  };

  let stopping: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      desktopShell?.stop();
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
    quitting = true;
    if (stopped) return;
    // Hold the quit until the runtime has closed its database and connections, then quit again.
    event.preventDefault();
    void startup.then(stop).finally(() => {
      stopped = true;
      app.quit();
    });
  });
}
