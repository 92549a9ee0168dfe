import type { BrowserWindow, IpcMainInvokeEvent } from 'electron';
import { ipcMain } from 'electron';
import { type CallOutcome, IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL } from '../../shared/api';
import type { ApiDispatcher } from '../api/dispatcher';
import type { EventHub } from '../api/event-hub';
import type { Logger } from '../logging';
import { isAppUrl } from './trusted-url';

export interface IpcBindingOptions {
  dispatch: ApiDispatcher;
  events: EventHub;
  /** The console's origin; only its top frame may call the API. */
  appUrl: string;
  /** The windows that host the console (the API's only legitimate callers and event receivers). */
  consoleWindows: () => readonly BrowserWindow[];
  logger: Logger;
}

const UNAUTHORIZED: CallOutcome = {
  ok: false,
  error: { code: 'unauthorized', message: 'Only the Troupe console window may call the Troupe API.' },
};

const NOT_A_METHOD: CallOutcome = {
  ok: false,
  error: { code: 'invalid_input', message: 'An API call needs a procedure name.' },
};

function isLiveConsole(window: BrowserWindow): boolean {
  return !window.isDestroyed() && !window.webContents.isDestroyed();
}

/**
 * Whether an IPC call comes from the console itself: the top frame of one of our windows, showing
 * a page of the app's origin. A subframe, another window, or a page navigated elsewhere is refused.
 */
export function isTrustedSender(
  event: Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>,
  appUrl: string,
  consoleWindows: readonly BrowserWindow[],
): boolean {
  const frame = event.senderFrame;
  if (frame === null) return false;
  try {
    if (frame.parent !== null || !isAppUrl(frame.url, appUrl)) return false;
  } catch {
    // A frame disposed while its message was in flight throws on access; it is no caller.
    return false;
  }
  return consoleWindows.some((window) => isLiveConsole(window) && window.webContents.id === event.sender.id);
}

function frameUrlForLog(event: Pick<IpcMainInvokeEvent, 'senderFrame'>): string | null {
  try {
    return event.senderFrame?.url ?? null;
  } catch {
    return null;
  }
}

/**
 * Binds the API to Electron IPC: one invoke channel for calls, one push channel for events.
 * Returns the unbinding, run at shutdown before the runtime closes.
 */
export function bindIpc({ dispatch, events, appUrl, consoleWindows, logger }: IpcBindingOptions): () => void {
  ipcMain.handle(
    IPC_CALL_CHANNEL,
    (event, method: unknown, input: unknown): Promise<CallOutcome> | CallOutcome => {
      if (!isTrustedSender(event, appUrl, consoleWindows())) {
        logger.warn({ frameUrl: frameUrlForLog(event) }, 'refused an API call from outside the console');
        return UNAUTHORIZED;
      }
      if (typeof method !== 'string') return NOT_A_METHOD;
      return dispatch(method, input);
    },
  );

  const unsubscribe = events.subscribe((name, payload) => {
    for (const window of consoleWindows()) {
      if (isLiveConsole(window) && isAppUrl(window.webContents.getURL(), appUrl)) {
        window.webContents.send(IPC_EVENT_CHANNEL, name, payload);
      }
    }
  });

  return () => {
    unsubscribe();
    ipcMain.removeHandler(IPC_CALL_CHANNEL);
  };
}
