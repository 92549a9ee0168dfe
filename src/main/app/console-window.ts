import type { BrowserWindow } from 'electron';
import { entryUrlAt } from './console-routes';
import { focusWindow, type OpenMainWindowOptions, openMainWindow } from './window';

/** Moves the open console to a route: its hash router follows `location.hash` without a reload. */
export function routeWindow(window: BrowserWindow, route: string): void {
  window.webContents.executeJavaScript(`location.hash = ${JSON.stringify(`#${route}`)};`).catch(() => {
    // A console still loading has no router yet; it opens at its own page instead.
  });
}

export interface CloseToTrayOptions {
  /** Read at each close: the operator's setting, and whether the app is quitting anyway. */
  shouldHide(): boolean;
  onHidden(): void;
}

/**
 * Closing the window hides it instead, when the setting says so and the app is not quitting:
 * the agents keep running in the tray. A full-screen window leaves full screen first (macOS
 * would otherwise keep an empty black space).
 */
export function closeToTray(window: BrowserWindow, { shouldHide, onHidden }: CloseToTrayOptions): void {
  window.on('close', (event) => {
    if (!shouldHide()) return;
    event.preventDefault();
    if (window.isFullScreen()) {
      window.once('leave-full-screen', () => window.hide());
      window.setFullScreen(false);
    } else {
      window.hide();
    }
    onHidden();
  });
}

export interface ConsoleWindowOptions extends OpenMainWindowOptions {
  closeToTray: CloseToTrayOptions;
  /** Windows is ending the session (log off, shut down), which sends no before-quit. */
  onSessionEnd(): void;
}

/** The one console window: opened when first wanted, hidden or closed, and brought back at a route. */
export class ConsoleWindow {
  readonly #options: ConsoleWindowOptions;
  #window: BrowserWindow | null = null;

  constructor(options: ConsoleWindowOptions) {
    this.#options = options;
  }

  /** The open window (shown or hidden in the tray); null when there is none. */
  get current(): BrowserWindow | null {
    return this.#window;
  }

  /** Shows the console, at a route when given: the open window brought forward, or a new one. */
  show(route?: string): void {
    const open = this.#window;
    if (open === null || open.isDestroyed()) {
      this.#open(route);
      return;
    }
    focusWindow(open);
    if (route !== undefined) routeWindow(open, route);
  }

  #open(route: string | undefined): void {
    const { entryUrl, closeToTray: hideOnClose, onSessionEnd, ...windowOptions } = this.#options;
    const window = openMainWindow({
      ...windowOptions,
      entryUrl: route === undefined ? entryUrl : entryUrlAt(entryUrl, route),
    });
    closeToTray(window, hideOnClose);
    window.on('session-end', onSessionEnd);
    window.on('closed', () => {
      if (this.#window === window) this.#window = null;
    });
    this.#window = window;
  }
}
