import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_BATCH_MS } from '../../../src/main/app/desktop-notifier';
import { type DesktopShell, startDesktopShell } from '../../../src/main/app/desktop-shell';
import { captureLogger } from './capture-logger';
import { FakeNotification, FakeTray, fake, resetFakeElectron } from './fake-electron';
import { FakeShellRuntime, graphWithDrafts, steering } from './fake-shell-runtime';

vi.mock('electron', () => import('./fake-electron').then((m) => m.electronModule));

const NOW = Date.parse('2026-03-02T10:00:00.000Z');
const ICON_DIR = join(import.meta.dirname, '../../../build/tray');

describe('the desktop shell', () => {
  let runtime: FakeShellRuntime;
  let stateDir: string;
  let home: string;
  let opened: (string | undefined)[];
  let quits: number;
  let shell: DesktopShell | null;

  function start(options: { platform?: NodeJS.Platform; isPackaged?: boolean } = {}): DesktopShell {
    shell = startDesktopShell({
      api: runtime.api,
      platform: options.platform ?? 'linux',
      stateDir,
      iconDir: ICON_DIR,
      isPackaged: options.isPackaged ?? false,
      loginItem: { execPath: '/opt/Troupe/troupe', env: {}, homeDir: home },
      readmeUrl: 'https://github.com/troupe-app/troupe#readme',
      openConsole: (route) => opened.push(route),
      quit: () => {
        quits += 1;
      },
      logger: captureLogger().logger,
      now: () => NOW,
    });
    return shell;
  }

  const tray = (): FakeTray => {
    const only = FakeTray.instances[0];
    if (!only) throw new Error('no tray');
    return only;
  };
  const menuLabels = () => tray().menu?.labels() ?? [];
  const click = (label: string) => tray().menu?.item(label).click?.();

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    resetFakeElectron();
    stateDir = mkdtempSync(join(tmpdir(), 'troupe-shell-'));
    home = mkdtempSync(join(tmpdir(), 'troupe-home-'));
    runtime = new FakeShellRuntime(stateDir);
    runtime.addAgent('Juniper');
    runtime.addAgent('Ada', { account: { connection: 'logged-out', user: null } });
    opened = [];
    quits = 0;
    shell = null;
  });

  afterEach(() => {
    shell?.stop();
    vi.useRealTimers();
  });

  it('shows the agents in the tray, and follows their events live', async () => {
    await start().ready;
    expect(tray().tooltip).toBe('Troupe: 1 running, 1 signed out');
    expect(tray().image.path).toBe(join(ICON_DIR, 'tray.png'));
    expect(tray().image.isEmpty()).toBe(false);
    expect(menuLabels()).toContain('Juniper — Running');

    runtime.emit('conversation.graphChanged', {
      agent: 'Juniper',
      network: 'telegram',
      channelId: 7,
      graph: graphWithDrafts('Juniper', 7, ['d1']),
    });
    expect(tray().tooltip).toBe('Troupe: 1 needs attention, 1 signed out');
    expect(tray().image.path).toBe(join(ICON_DIR, 'trayAttention.png'));
    expect(menuLabels()).toContain('Juniper — 1 draft waits for approval');

    click('Juniper — 1 draft waits for approval');
    click('Open the console');
    click('Quit Troupe');
    expect(opened).toEqual(['/agents/Juniper', undefined]);
    expect(quits).toBe(1);
  });

  it('uses the template icon in the macOS menu bar', async () => {
    await start({ platform: 'darwin' }).ready;
    expect(tray().image).toMatchObject({ path: join(ICON_DIR, 'trayTemplate.png'), template: true });
  });

  it('pauses the agents that are on (signed in or not), and resumes only those', async () => {
    runtime.addAgent('Bob', { account: { enabled: false, connection: 'disabled' } });
    await start().ready;
    click('Pause all agents');
    await vi.waitFor(() => expect(tray().menu?.item('Resume all agents').enabled).toBe(true));
    expect(runtime.accounts.get('Juniper')?.enabled).toBe(false);
    expect(menuLabels()).toContain('Juniper — Paused from the tray');
    expect(tray().menu?.item('Pause all agents').enabled).toBe(false);
    // What the tray paused survives a restart.
    expect(JSON.parse(readFileSync(join(stateDir, 'desktop-shell.json'), 'utf8')).pausedFromTray).toEqual([
      'Ada',
      'Juniper',
    ]);

    click('Resume all agents');
    await vi.waitFor(() => expect(tray().menu?.item('Resume all agents').enabled).toBe(false));
    expect(runtime.accounts.get('Juniper')?.enabled).toBe(true);
    expect(runtime.accounts.get('Ada')?.enabled).toBe(true);
    expect(runtime.accounts.get('Bob')?.enabled).toBe(false);
  });

  it('says so when an agent cannot be resumed', async () => {
    await start().ready;
    click('Pause all agents');
    await vi.waitFor(() => expect(tray().menu?.item('Resume all agents').enabled).toBe(true));
    runtime.agents[0]!.config.disabled = true;
    click('Resume all agents');
    await vi.waitFor(() => expect(FakeNotification.shown).toHaveLength(1));
    expect(FakeNotification.shown[0]?.options).toEqual({
      title: 'Troupe could not resume Juniper',
      body: "Juniper's file says Disabled.",
    });
  });

  it('notifies once for a burst, and a click opens the view to act on', async () => {
    await start().ready;
    for (const channelId of [7, 8]) {
      runtime.emit('conversation.graphChanged', {
        agent: 'Juniper',
        network: 'telegram',
        channelId,
        graph: graphWithDrafts('Juniper', channelId, [`d${channelId}`]),
      });
    }
    expect(FakeNotification.shown).toEqual([]);
    await vi.advanceTimersByTimeAsync(NOTIFICATION_BATCH_MS);
    expect(FakeNotification.shown.map((note) => note.options)).toEqual([
      { title: '2 drafts wait for approval', body: 'Juniper (2)' },
    ]);
    FakeNotification.shown[0]?.click();
    expect(opened).toEqual(['/agents/Juniper/plans/telegram']);
  });

  it('tells of a revoked session but not of a sign-out the operator asked for', async () => {
    const current = start();
    await current.ready;
    const outcome = await current.watchConsoleCalls(runtime.dispatch)('telegram.logout', {
      configName: 'Juniper',
    });
    expect(outcome.ok).toBe(true);
    runtime.setAccount('Juniper', { connection: 'connected' });
    await vi.advanceTimersByTimeAsync(NOTIFICATION_BATCH_MS);
    expect(FakeNotification.shown).toEqual([]);

    runtime.setAccount('Juniper', { connection: 'logged-out', user: null });
    await vi.advanceTimersByTimeAsync(NOTIFICATION_BATCH_MS);
    expect(FakeNotification.shown.map((note) => note.options.title)).toEqual([
      'Juniper needs a new Telegram sign-in',
    ]);
  });

  it('tells of a reached limit unless that kind is switched off in Settings', async () => {
    runtime.steering.set('Juniper', steering('Juniper'));
    runtime.steering.set('Ada', steering('Ada'));
    await start().ready;
    await runtime.api.call('settings.update', { desktop: { mutedNotifications: ['spendingLimit'] } });
    runtime.steering.set('Juniper', steering('Juniper', { limitReached: true }));
    runtime.emit('copilot.agentChanged', { agent: 'Juniper' });
    await vi.advanceTimersByTimeAsync(NOTIFICATION_BATCH_MS);
    expect(FakeNotification.shown).toEqual([]);
    expect(
      menuLabels().filter((label) => label.startsWith('Juniper — Daily spending limit reached')),
    ).toHaveLength(1);
  });

  it('redraws when a send stop ends, without polling', async () => {
    runtime.accounts.get('Juniper')!.sendsStoppedUntil = new Date(NOW + 60_000).toISOString();
    let now = NOW;
    shell = startDesktopShell({
      api: runtime.api,
      platform: 'linux',
      stateDir,
      iconDir: ICON_DIR,
      isPackaged: false,
      loginItem: { execPath: '/x', env: {}, homeDir: home },
      readmeUrl: null,
      openConsole: () => {},
      quit: () => {},
      logger: captureLogger().logger,
      now: () => now,
    });
    await shell.ready;
    expect(tray().image.path).toBe(join(ICON_DIR, 'trayAttention.png'));
    now = NOW + 61_000;
    await vi.advanceTimersByTimeAsync(61_000);
    expect(tray().tooltip).toBe('Troupe: 1 running, 1 signed out');
  });

  it('registers start at login in an installed app, following the setting', async () => {
    await start({ isPackaged: true }).ready;
    const entry = join(home, '.config', 'autostart', 'troupe.desktop');
    expect(existsSync(entry)).toBe(false);
    await runtime.api.call('settings.update', { desktop: { startAtLogin: true } });
    expect(readFileSync(entry, 'utf8')).toContain('Exec=/opt/Troupe/troupe --hidden');
    await runtime.api.call('settings.update', { desktop: { startAtLogin: false } });
    expect(existsSync(entry)).toBe(false);
  });

  it("uses Electron's login item on macOS, and never registers a development build", async () => {
    await start({ platform: 'darwin', isPackaged: true }).ready;
    await runtime.api.call('settings.update', { desktop: { startAtLogin: true } });
    expect(fake().app.loginItem).toMatchObject({ openAtLogin: true, args: ['--hidden'] });
    shell?.stop();
    resetFakeElectron();
    await start({ platform: 'darwin', isPackaged: false }).ready;
    await runtime.api.call('settings.update', { desktop: { startAtLogin: true } });
    expect(fake().app.loginItem.openAtLogin).toBe(false);
  });

  it('follows the close-to-tray setting, and explains the tray only the first time', async () => {
    const current = start();
    await current.ready;
    expect(current.closeToTray()).toBe(true);
    current.windowHidden();
    current.windowHidden();
    expect(FakeNotification.shown.map((note) => note.options.title)).toEqual([
      'Troupe is still running in the tray',
    ]);
    await runtime.api.call('settings.update', { desktop: { closeToTray: false } });
    expect(current.closeToTray()).toBe(false);
  });

  it('explains the tray in a dialog where there are no notifications', async () => {
    FakeNotification.supported = false;
    const current = start({ platform: 'darwin' });
    await current.ready;
    current.windowHidden();
    expect(fake().messageBoxes).toEqual([
      {
        message: 'Troupe is still running in the menu bar',
        detail: 'Its agents keep working. Open the console or quit Troupe from its menu bar icon.',
      },
    ]);
  });

  it('installs the application menu, whose Help opens the README and the log folder', async () => {
    await start().ready;
    const menu = fake().applicationMenu;
    menu?.item('Troupe README').click?.();
    menu?.item('Open the log folder').click?.();
    menu?.item('Settings').click?.();
    expect(fake().openedExternally).toEqual(['https://github.com/troupe-app/troupe#readme']);
    expect(fake().openedPaths).toEqual([join(stateDir, 'logs')]);
    expect(existsSync(join(stateDir, 'logs'))).toBe(true);
    expect(opened).toEqual(['/settings']);
  });

  it('takes the tray away when it stops', async () => {
    const current = start();
    await current.ready;
    current.stop();
    shell = null;
    expect(tray().isDestroyed()).toBe(true);
  });
});
