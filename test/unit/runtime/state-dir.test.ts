import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultStateDir, resolveStateDir } from '../../../src/main/runtime/state-dir';
import { DATABASE_FILE_NAME } from '../../../src/main/store';
import { tempDirsPerTest } from '../../support/helpers';

const tempDir = tempDirsPerTest();

describe('resolveStateDir', () => {
  it('prefers the --state flag over everything else', () => {
    const root = tempDir();
    const dir = resolveStateDir({
      flag: join(root, 'from-flag'),
      env: { TROUPE_STATE_DIR: join(root, 'from-env') },
      desktopUserDataDir: join(root, 'user-data'),
      cwd: root,
    });
    expect(dir).toBe(join(root, 'from-flag'));
  });

  it('uses TROUPE_STATE_DIR when there is no flag', () => {
    const root = tempDir();
    const dir = resolveStateDir({
      env: { TROUPE_STATE_DIR: join(root, 'from-env') },
      desktopUserDataDir: join(root, 'user-data'),
      cwd: root,
    });
    expect(dir).toBe(join(root, 'from-env'));
  });

  it("uses the desktop app's user-data directory next", () => {
    const root = tempDir();
    const dir = resolveStateDir({
      flag: '',
      env: { TROUPE_STATE_DIR: '  ' },
      desktopUserDataDir: join(root, 'ud'),
      cwd: root,
    });
    expect(dir).toBe(join(root, 'ud'));
  });

  it('falls back to a folder of the user, the same from every working directory', () => {
    const home = tempDir();
    const fromOne = resolveStateDir({ env: {}, cwd: tempDir(), platform: 'linux', home });
    const fromAnother = resolveStateDir({ env: {}, cwd: tempDir(), platform: 'linux', home });
    expect(fromOne).toBe(join(home, '.local', 'state', 'troupe'));
    expect(fromAnother).toBe(fromOne);
    const xdg = tempDir();
    expect(resolveStateDir({ env: { XDG_STATE_HOME: xdg }, cwd: home, platform: 'linux', home })).toBe(
      join(xdg, 'troupe'),
    );
  });

  it('names the platform’s own place for the default', () => {
    expect(defaultStateDir({}, 'darwin', '/Users/ada')).toBe(
      '/Users/ada/Library/Application Support/Troupe/server',
    );
    expect(defaultStateDir({ LOCALAPPDATA: 'C:/Users/ada/AppData/Local' }, 'win32', 'C:/Users/ada')).toBe(
      join('C:/Users/ada/AppData/Local', 'Troupe', 'server'),
    );
  });

  it('keeps using ./state of the working directory when it holds a database', () => {
    const root = tempDir();
    mkdirSync(join(root, 'state'));
    writeFileSync(join(root, 'state', DATABASE_FILE_NAME), '');
    expect(resolveStateDir({ env: {}, cwd: root, platform: 'linux', home: tempDir() })).toBe(
      join(root, 'state'),
    );
  });

  it('resolves a relative choice against the working directory', () => {
    const root = tempDir();
    expect(resolveStateDir({ flag: 'custom/dir', env: {}, cwd: root })).toBe(join(root, 'custom', 'dir'));
  });

  it('creates the directory, with its parents, readable only by the owner', () => {
    const root = tempDir();
    const dir = resolveStateDir({ env: { TROUPE_STATE_DIR: join(root, 'a', 'b') }, cwd: root });
    const stats = statSync(dir);
    expect(stats.isDirectory()).toBe(true);
    if (process.platform !== 'win32') expect(stats.mode & 0o777).toBe(0o700);
  });

  it('accepts a directory that already exists', () => {
    const root = tempDir();
    expect(resolveStateDir({ flag: root, env: {}, cwd: '/' })).toBe(root);
  });
});
