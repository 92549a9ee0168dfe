import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveStateDir } from '../../../src/main/runtime/state-dir';
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

  it('falls back to ./state under the working directory', () => {
    const root = tempDir();
    expect(resolveStateDir({ env: {}, cwd: root })).toBe(join(root, 'state'));
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
