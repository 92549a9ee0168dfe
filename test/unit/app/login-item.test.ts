import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyLoginItemChange, loginItemChange } from '../../../src/main/app/login-item';

const context = { execPath: '/opt/Troupe/troupe', env: {}, homeDir: '/home/ada' };

describe('loginItemChange', () => {
  it.each(['darwin', 'win32'] as const)('uses the login item on %s, starting hidden', (platform) => {
    expect(loginItemChange(true, { ...context, platform })).toEqual({
      kind: 'login-item',
      settings: { openAtLogin: true, args: ['--hidden'] },
    });
    expect(loginItemChange(false, { ...context, platform })).toMatchObject({
      settings: { openAtLogin: false },
    });
  });

  it('writes an XDG autostart entry on Linux, under XDG_CONFIG_HOME when set', () => {
    expect(loginItemChange(true, { ...context, platform: 'linux' })).toEqual({
      kind: 'autostart-entry',
      file: '/home/ada/.config/autostart/troupe.desktop',
      content: expect.stringContaining('\nExec=/opt/Troupe/troupe --hidden\n'),
    });
    const elsewhere = loginItemChange(false, {
      ...context,
      platform: 'linux',
      env: { XDG_CONFIG_HOME: '/cfg' },
    });
    expect(elsewhere).toEqual({
      kind: 'autostart-entry',
      file: '/cfg/autostart/troupe.desktop',
      content: null,
    });
  });

  it('starts an AppImage through its image, quoting a path with spaces', () => {
    const change = loginItemChange(true, {
      ...context,
      platform: 'linux',
      env: { APPIMAGE: '/home/ada/My Apps/Troupe.AppImage' },
    });
    expect(change.kind === 'autostart-entry' && change.content).toContain(
      'Exec="/home/ada/My Apps/Troupe.AppImage" --hidden',
    );
  });
});

describe('applyLoginItemChange', () => {
  it('writes and removes the autostart entry', () => {
    const home = mkdtempSync(join(tmpdir(), 'troupe-login-'));
    const on = loginItemChange(true, { ...context, platform: 'linux', homeDir: home });
    applyLoginItemChange(on, () => {});
    const file = join(home, '.config', 'autostart', 'troupe.desktop');
    expect(readFileSync(file, 'utf8')).toMatch(/^\[Desktop Entry\]\nType=Application\nName=Troupe\n/);
    applyLoginItemChange(loginItemChange(false, { ...context, platform: 'linux', homeDir: home }), () => {});
    expect(existsSync(file)).toBe(false);
    // Removing what is not there is fine.
    applyLoginItemChange(loginItemChange(false, { ...context, platform: 'linux', homeDir: home }), () => {});
  });

  it("hands a login item to Electron's setting", () => {
    const applied: unknown[] = [];
    applyLoginItemChange(loginItemChange(true, { ...context, platform: 'darwin' }), (settings) =>
      applied.push(settings),
    );
    expect(applied).toEqual([{ openAtLogin: true, args: ['--hidden'] }]);
  });
});
