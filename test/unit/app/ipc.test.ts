import type { BrowserWindow } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiDispatcher } from '../../../src/main/api/dispatcher';
import { EventHub } from '../../../src/main/api/event-hub';
import { bindIpc } from '../../../src/main/app/ipc';
import { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL } from '../../../src/shared/api';
import { captureLogger } from './capture-logger';
import {
  asElectron,
  FakeBrowserWindow,
  FakeFrame,
  fake,
  invokeIpc,
  resetFakeElectron,
} from './fake-electron';

vi.mock('electron', () => import('./fake-electron').then((m) => m.electronModule));

const APP_URL = 'app://troupe/';

describe('bindIpc', () => {
  let consoleWindow: FakeBrowserWindow;
  let calls: { method: string; input: unknown }[];
  let events: EventHub;
  let log: ReturnType<typeof captureLogger>;
  let unbind: () => void;

  const dispatch: ApiDispatcher = async (method, input) => {
    calls.push({ method, input });
    return { ok: true, result: { echoed: method } };
  };

  /** What Electron passes to an invoke handler when `frame` of `window` calls. */
  function callFrom(window: FakeBrowserWindow, frame: FakeFrame | null = window.webContents.mainFrame) {
    return { sender: window.webContents, senderFrame: frame };
  }

  beforeEach(async () => {
    resetFakeElectron();
    calls = [];
    events = new EventHub();
    log = captureLogger();
    consoleWindow = new FakeBrowserWindow({});
    await consoleWindow.loadURL(APP_URL);
    unbind = bindIpc({
      dispatch,
      events,
      appUrl: APP_URL,
      consoleWindows: () => asElectron<BrowserWindow[]>([consoleWindow]),
      logger: log.logger,
    });
  });

  it('forwards a call from the console to the runtime and returns its outcome', async () => {
    const outcome = await invokeIpc(IPC_CALL_CHANNEL, callFrom(consoleWindow), 'app.info', {});
    expect(outcome).toEqual({ ok: true, result: { echoed: 'app.info' } });
    expect(calls).toEqual([{ method: 'app.info', input: {} }]);
  });

  it('refuses a frame of another origin with an unauthorized error, without reaching the runtime', async () => {
    consoleWindow.webContents.mainFrame.url = 'https://evil.example/';
    const outcome = await invokeIpc(IPC_CALL_CHANNEL, callFrom(consoleWindow), 'secrets.set', { value: 'x' });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    expect(calls).toEqual([]);
    expect(log.warnings()).toHaveLength(1);
  });

  it('refuses an app-origin subframe', async () => {
    const child = new FakeFrame('app://troupe/embedded', consoleWindow.webContents.mainFrame);
    const outcome = await invokeIpc(IPC_CALL_CHANNEL, callFrom(consoleWindow, child), 'app.info', {});
    expect(outcome).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
  });

  it('refuses a window that is not a console window, even on the app origin', async () => {
    const stray = new FakeBrowserWindow({});
    await stray.loadURL(APP_URL);
    const outcome = await invokeIpc(IPC_CALL_CHANNEL, callFrom(stray), 'app.info', {});
    expect(outcome).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
  });

  it('refuses a frame that is already gone', async () => {
    const outcome = await invokeIpc(IPC_CALL_CHANNEL, callFrom(consoleWindow, null), 'app.info', {});
    expect(outcome).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
  });

  it('refuses a frame whose properties throw because it was disposed', async () => {
    const disposed = Object.defineProperty(new FakeFrame(APP_URL), 'url', {
      get() {
        throw new Error('Render frame was disposed before WebFrameMain could be accessed');
      },
    });
    const outcome = await invokeIpc(IPC_CALL_CHANNEL, callFrom(consoleWindow, disposed), 'app.info', {});
    expect(outcome).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
  });

  it('answers a call without a method name as invalid input', async () => {
    const outcome = await invokeIpc(IPC_CALL_CHANNEL, callFrom(consoleWindow), 42, {});
    expect(outcome).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(calls).toEqual([]);
  });

  it('pushes runtime events to live console windows only', () => {
    const payload = { secrets: [] };
    events.emit('secrets.changed', payload);
    expect(consoleWindow.webContents.sent).toEqual([
      { channel: IPC_EVENT_CHANNEL, args: ['secrets.changed', payload] },
    ]);

    consoleWindow.close();
    events.emit('secrets.changed', payload);
    expect(consoleWindow.webContents.sent).toHaveLength(1);
  });

  it('does not push events into a window showing another origin', () => {
    consoleWindow.webContents.mainFrame.url = 'https://evil.example/';
    events.emit('secrets.changed', { secrets: [] });
    expect(consoleWindow.webContents.sent).toEqual([]);
  });

  it('unbinds the call channel and the event stream', () => {
    unbind();
    expect(fake().ipcHandlers.has(IPC_CALL_CHANNEL)).toBe(false);
    events.emit('secrets.changed', { secrets: [] });
    expect(consoleWindow.webContents.sent).toEqual([]);
  });
});
