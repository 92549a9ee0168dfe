import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsoleWindow } from '../../../src/main/app/console-window';
import { captureLogger } from './capture-logger';
import { FakeBrowserWindow, resetFakeElectron } from './fake-electron';

vi.mock('electron', () => import('./fake-electron').then((m) => m.electronModule));

describe('ConsoleWindow', () => {
  let hide: boolean;
  let hidden: number;
  let sessionEnded: number;
  let consoleWindow: ConsoleWindow;

  beforeEach(() => {
    resetFakeElectron();
    hide = true;
    hidden = 0;
    sessionEnded = 0;
    consoleWindow = new ConsoleWindow({
      preloadPath: '/app/out/preload/index.cjs',
      entryUrl: 'app://troupe/',
      windowStateFile: join(mkdtempSync(join(tmpdir(), 'troupe-console-window-')), 'window-state.json'),
      logger: captureLogger().logger,
      closeToTray: { shouldHide: () => hide, onHidden: () => (hidden += 1) },
      onSessionEnd: () => (sessionEnded += 1),
    });
  });

  it('opens one window, at a route when asked, and brings it back hidden or not', () => {
    consoleWindow.show('/agents/Juniper');
    const [window] = FakeBrowserWindow.instances;
    expect(window?.loadedUrl).toBe('app://troupe/#/agents/Juniper');
    expect(window?.close()).toBe(false);
    expect(window?.visible).toBe(false);
    expect(hidden).toBe(1);
    consoleWindow.show();
    expect(window).toMatchObject({ visible: true, focused: true });
    expect(FakeBrowserWindow.instances).toHaveLength(1);
  });

  it('leaves full screen before hiding', () => {
    consoleWindow.show();
    const window = consoleWindow.current as unknown as FakeBrowserWindow;
    window.fullScreen = true;
    window.close();
    expect(window).toMatchObject({ fullScreen: false, visible: false });
  });

  it('closes for real when it should not hide, and opens anew afterwards', () => {
    hide = false;
    consoleWindow.show();
    const first = consoleWindow.current as unknown as FakeBrowserWindow;
    expect(first.close()).toBe(true);
    expect(consoleWindow.current).toBeNull();
    consoleWindow.show();
    expect(FakeBrowserWindow.instances).toHaveLength(2);
  });

  it('hears of the end of a Windows session', () => {
    consoleWindow.show();
    (consoleWindow.current as unknown as FakeBrowserWindow).emit('session-end');
    expect(sessionEnded).toBe(1);
  });
});
