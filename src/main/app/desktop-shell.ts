import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { app, dialog, Menu, shell } from 'electron';
import type { ApiClient } from '../../shared/api';
import { DEFAULT_DESKTOP_SETTINGS, type DesktopSettings } from '../../shared/domain/desktop-settings';
import type { ApiDispatcher } from '../api/dispatcher';
import type { Logger } from '../logging';
import { AgentBoard } from './agent-board';
import { watchAgents } from './agent-watch';
import { appMenuTemplate } from './app-menu';
import { SETTINGS_ROUTE } from './console-routes';
import { DESKTOP_LOG_FILE } from './desktop-logger';
import { DesktopNotifier } from './desktop-notifier';
import { applyLoginItemChange, type LoginItemContext, loginItemChange } from './login-item';
import { NotificationPlanner } from './notification-planner';
import { SHELL_MEMORY_FILE_NAME, ShellMemory } from './shell-memory';
import { createTrayController } from './tray-controller';
import { trayModel } from './tray-model';

export interface DesktopShellOptions {
  api: ApiClient;
  platform: NodeJS.Platform;
  stateDir: string;
  iconDir: string;
  /** Start at login registers an installed app only, never Electron running the sources. */
  isPackaged: boolean;
  loginItem: Omit<LoginItemContext, 'platform'>;
  /** The README's address; null when package.json names none. */
  readmeUrl: string | null;
  /** Shows the console window, at a route when given. */
  openConsole(route?: string): void;
  /** Quits the app (the runtime closes first). */
  quit(): void;
  logger: Logger;
  now?: () => number;
}

export interface DesktopShell {
  /** Settles once the settings and the agents are read (failures are logged, not thrown). */
  readonly ready: Promise<void>;
  /** Whether closing the window hides it, leaving the agents running (the setting, now). */
  closeToTray(): boolean;
  /** The window was closed into the tray: the first time ever, the operator is told so. */
  windowHidden(): void;
  /** The console's calls, watched for the operator's own sign-outs (which are no news). */
  watchConsoleCalls(dispatch: ApiDispatcher): ApiDispatcher;
  stop(): void;
}

function configNameOf(input: unknown): string | null {
  const configName = (input as { configName?: unknown } | null)?.configName;
  return typeof configName === 'string' ? configName : null;
}

/**
 * The desktop app as an app: the tray with the agents' state, Pause all and Resume all, native
 * notifications for what needs the operator, the application menu, and start at login.
 */
export function startDesktopShell(options: DesktopShellOptions): DesktopShell {
  const { api, platform, logger, openConsole } = options;
  const now = options.now ?? Date.now;
  const memory = new ShellMemory(join(options.stateDir, SHELL_MEMORY_FILE_NAME), logger);
  const board = new AgentBoard();
  let desktop: DesktopSettings = DEFAULT_DESKTOP_SETTINGS;
  let loginItemApplied: boolean | null = null;
  const trayPlace = platform === 'darwin' ? 'menu bar' : 'tray';

  const notifier = new DesktopNotifier({
    planner: new NotificationPlanner(),
    muted: () => desktop.mutedNotifications,
    open: (route) => openConsole(route),
    now,
    logger,
  });

  const complain = (title: string, err: unknown): void => {
    const message = err instanceof Error ? err.message : String(err);
    logger.warn({ err }, title);
    if (!notifier.tell(title, message, () => openConsole())) dialog.showErrorBox(title, message);
  };

  const setEnabled = async (configName: string, enabled: boolean): Promise<boolean> => {
    try {
      await api.call('telegram.setEnabled', { configName, enabled });
      return true;
    } catch (err) {
      const name = board.agents().find((agent) => agent.configName === configName)?.name ?? configName;
      complain(`Troupe could not ${enabled ? 'resume' : 'pause'} ${name}`, err);
      return false;
    }
  };

  const tray = createTrayController({
    iconDir: options.iconDir,
    platform,
    logger,
    actions: {
      openConsole,
      quit: options.quit,
      async pauseAll() {
        const paused = new Set(memory.pausedFromTray);
        for (const agent of board.agents()) {
          if (agent.fileDisabled || agent.account?.enabled !== true) continue;
          if (await setEnabled(agent.configName, false)) paused.add(agent.configName);
        }
        memory.setPausedFromTray(paused);
        redraw();
      },
      async resumeAll() {
        for (const configName of memory.pausedFromTray) await setEnabled(configName, true);
        memory.setPausedFromTray([]);
        redraw();
      },
    },
  });

  function redraw(): void {
    // An agent switched on again (from the console, or by Resume all) is no longer the tray's to resume.
    const stillPaused = [...memory.pausedFromTray].filter(
      (configName) =>
        !board.agents().some((agent) => agent.configName === configName && agent.account?.enabled),
    );
    memory.setPausedFromTray(stillPaused);
    tray.show(trayModel(board.agents(), memory.pausedFromTray, now()));
  }

  const applyLoginItem = (openAtLogin: boolean): void => {
    if (loginItemApplied === openAtLogin) return;
    loginItemApplied = openAtLogin;
    if (!options.isPackaged) {
      logger.info({ openAtLogin }, 'start at login applies to the installed app only; not registered');
      return;
    }
    try {
      const change = loginItemChange(openAtLogin, { platform, ...options.loginItem });
      applyLoginItemChange(change, (settings) => app.setLoginItemSettings(settings));
    } catch (err) {
      complain('Troupe could not change whether it starts at login', err);
    }
  };

  const applySettings = (next: DesktopSettings): void => {
    desktop = next;
    applyLoginItem(next.startAtLogin);
  };

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      appMenuTemplate(platform, {
        openSettings: () => openConsole(SETTINGS_ROUTE),
        openReadme: () => {
          if (options.readmeUrl) void shell.openExternal(options.readmeUrl);
          else complain('Troupe could not open its README', new Error('package.json names no homepage.'));
        },
        openLogFolder: () => {
          const folder = dirname(join(options.stateDir, DESKTOP_LOG_FILE));
          mkdirSync(folder, { recursive: true });
          void shell.openPath(folder).then((problem) => {
            if (problem)
              complain('Troupe could not open the log folder', new Error(`${problem} (${folder})`));
          });
        },
      }),
    ),
  );
  tray.show(trayModel([], memory.pausedFromTray, now()));

  const offSettings = api.on('settings.changed', (settings) => applySettings(settings.desktop));
  const watch = watchAgents({
    api,
    board,
    now,
    onChange: redraw,
    onSignals: (signals) => notifier.add(signals),
    logger,
  });
  const ready = Promise.all([
    api.call('settings.get', {}).then(
      (settings) => applySettings(settings.desktop),
      (err: unknown) => logger.warn({ err }, 'could not read the desktop settings; using the defaults'),
    ),
    watch.ready,
  ]).then(() => undefined);

  return {
    ready,
    closeToTray: () => desktop.closeToTray,
    windowHidden() {
      if (memory.trayHintShown) return;
      memory.markTrayHintShown();
      const title = `Troupe is still running in the ${trayPlace}`;
      const body = `Its agents keep working. Open the console or quit Troupe from its ${trayPlace} icon.`;
      if (!notifier.tell(title, body, () => openConsole())) {
        void dialog.showMessageBox({ type: 'info', message: title, detail: body, buttons: ['OK'] });
      }
    },
    watchConsoleCalls(dispatch) {
      return async (method, input) => {
        const signingOut = method === 'telegram.logout' ? configNameOf(input) : null;
        if (signingOut) board.expectSignOut(signingOut);
        const outcome = await dispatch(method, input);
        if (signingOut && !outcome.ok) board.cancelSignOut(signingOut);
        return outcome;
      };
    },
    stop() {
      offSettings();
      watch.stop();
      notifier.stop();
      tray.destroy();
    },
  };
}
