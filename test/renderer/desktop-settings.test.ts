import { createElement } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DesktopSettingsSection } from '../../src/renderer/features/settings/components/DesktopSettingsSection';
import { notificationSwitchPatch, trayName } from '../../src/renderer/features/settings/desktop-settings';
import { createSettingsStore, type SettingsStore } from '../../src/renderer/features/settings/store';
import { FakeRuntime } from './support/fake-runtime';
import { textOf } from './support/render-markup';
import { renderSettings } from './support/render-settings';

/** Each switch of the markup by its label, and whether it is on. */
function switches(html: string): Record<string, boolean> {
  const states: Record<string, boolean> = {};
  const pattern = /<input([^>]*role="switch"[^>]*)\/>[\s\S]*?mantine-Switch-label">([^<]+)<\/span>/g;
  for (const [, input = '', label = ''] of html.matchAll(pattern))
    states[label] = input.includes('checked=""');
  return states;
}

describe('the Desktop section of Settings', () => {
  let runtime: FakeRuntime;
  let store: SettingsStore;

  async function load(mode: 'desktop' | 'server', platform = 'linux'): Promise<string> {
    runtime.info = { ...runtime.info, mode, platform };
    store = createSettingsStore(runtime.client);
    await Promise.all([store.getState().actions.loadInfo(), store.getState().actions.loadSettings()]);
    return renderSettings(store, createElement(DesktopSettingsSection));
  }

  beforeEach(() => {
    runtime = new FakeRuntime();
  });

  it('shows the tray, login and notification switches in the desktop app', async () => {
    runtime.settings.desktop = {
      closeToTray: true,
      startAtLogin: false,
      mutedNotifications: ['draftWaiting'],
    };
    const html = await load('desktop');
    expect(textOf(html)).toContain('Desktop');
    expect(switches(html)).toEqual({
      'Keep running in the tray when the window closes': true,
      'Start Troupe when you log in': false,
      'Telegram sign-in needed': true,
      'Sends stopped or a long flood wait': true,
      'An agent stopped on a problem': true,
      'Drafts waiting for approval': false,
      'Daily spending limit reached': true,
    });
  });

  it('speaks of the menu bar on a Mac', async () => {
    const text = textOf(await load('desktop', 'darwin'));
    expect(text).toContain('Keep running in the menu bar when the window closes');
    expect(trayName('win32')).toBe('tray');
  });

  it('is absent from the console served by troupe serve', async () => {
    expect(await load('server')).toBe('');
  });

  it('switches one notification kind without touching the others, and saves it', async () => {
    expect(notificationSwitchPatch(['signIn', 'draftWaiting'], 'draftWaiting', true)).toEqual({
      mutedNotifications: ['signIn'],
    });
    expect(notificationSwitchPatch(['signIn'], 'spendingLimit', false)).toEqual({
      mutedNotifications: ['signIn', 'spendingLimit'],
    });
    expect(notificationSwitchPatch(['signIn'], 'signIn', false)).toEqual({ mutedNotifications: ['signIn'] });

    await load('desktop');
    await store.getState().actions.updateSettings({
      desktop: notificationSwitchPatch([], 'sendsStopped', false),
    });
    expect(runtime.settings.desktop).toEqual({
      closeToTray: true,
      startAtLogin: false,
      mutedNotifications: ['sendsStopped'],
    });
    expect(
      switches(renderSettings(store, createElement(DesktopSettingsSection)))[
        'Sends stopped or a long flood wait'
      ],
    ).toBe(false);
  });
});
