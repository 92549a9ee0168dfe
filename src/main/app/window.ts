import { BrowserWindow, type BrowserWindowConstructorOptions, screen } from 'electron';
import type { Logger } from '../logging';
import {
  MIN_WINDOW_SIZE,
  placeWindow,
  readWindowState,
  type WindowPlacement,
  writeWindowState,
} from './window-state';

/**
 * The main window's options. The renderer is an untrusted web page: sandboxed, isolated from the
 * preload's world, no Node, same-origin policy on; its only way out is the preload's bridge.
 */
export function mainWindowOptions(
  placement: WindowPlacement,
  preloadPath: string,
): BrowserWindowConstructorOptions {
  return {
    ...placement.bounds,
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    title: 'Troupe',
    // Shown on `ready-to-show`, so the operator never sees an empty white frame.
    show: false,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    },
  };
}

export interface OpenMainWindowOptions {
  preloadPath: string;
  /** `app://troupe/` in production, the dev server's URL in development. */
  entryUrl: string;
  /** The JSON file that remembers size, position and maximized state. */
  windowStateFile: string;
  logger: Logger;
}

/** Opens the console where the operator left it, and remembers where it was when it closes. */
export function openMainWindow({
  preloadPath,
  entryUrl,
  windowStateFile,
  logger,
}: OpenMainWindowOptions): BrowserWindow {
  const placement = placeWindow(
    readWindowState(windowStateFile),
    screen.getAllDisplays().map((display) => display.workArea),
    screen.getPrimaryDisplay().workArea,
  );
  const window = new BrowserWindow(mainWindowOptions(placement, preloadPath));

  window.once('ready-to-show', () => {
    if (placement.maximized) window.maximize();
    window.show();
  });
  window.on('close', () => {
    const bounds = window.getNormalBounds();
    try {
      writeWindowState(windowStateFile, {
        x: Math.round(bounds.x),
        y: Math.round(bounds.y),
        width: Math.round(bounds.width),
        height: Math.round(bounds.height),
        maximized: window.isMaximized(),
      });
    } catch (err) {
      logger.warn({ err }, 'could not remember the window position');
    }
  });
  window.webContents.on('render-process-gone', (_event, details) => {
    logger.error({ reason: details.reason, exitCode: details.exitCode }, 'the console renderer stopped');
  });
  window.loadURL(entryUrl).catch((err: unknown) => {
    logger.error({ err }, 'could not load the console');
    // A window that never becomes ready would otherwise stay hidden with the app still running.
    window.show();
  });
  return window;
}

/** Brings the console to the front, e.g. when the operator starts Troupe a second time. */
export function focusWindow(window: BrowserWindow | null): void {
  if (window === null || window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  if (!window.isVisible()) window.show();
  window.focus();
}
