import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  resolveConfigPath,
  shippedConfigDirs,
  splitConfigPathList,
} from '../../../src/main/config/config-path';

const defaults = ['/app/samples', '/app/configdir'];

describe('resolveConfigPath', () => {
  it('uses the shipped directories when nothing else is set', () => {
    expect(resolveConfigPath({ env: {}, defaultDirs: defaults })).toEqual({
      dirs: defaults,
      source: 'default',
    });
  });

  it('prefers TROUPE_CONFIG_PATH, split on colons, trimmed, empties dropped', () => {
    const env = { TROUPE_CONFIG_PATH: ' /a : :/b/c:  ', CINDY_AGENT_CONFIG_PATH: '/old' };
    expect(resolveConfigPath({ env, settingsConfigPath: ['/saved'], defaultDirs: defaults })).toEqual({
      dirs: ['/a', '/b/c'],
      source: 'TROUPE_CONFIG_PATH',
    });
  });

  it("falls back to the original system's CINDY_AGENT_CONFIG_PATH", () => {
    const env = { TROUPE_CONFIG_PATH: ' : ', CINDY_AGENT_CONFIG_PATH: '/x:/y' };
    expect(resolveConfigPath({ env, settingsConfigPath: ['/saved'], defaultDirs: defaults })).toEqual({
      dirs: ['/x', '/y'],
      source: 'CINDY_AGENT_CONFIG_PATH',
    });
  });

  it('uses the saved setting when no variable is set, and ignores it when empty', () => {
    expect(
      resolveConfigPath({ env: {}, settingsConfigPath: ['/saved', ' '], defaultDirs: defaults }),
    ).toEqual({
      dirs: ['/saved'],
      source: 'settings',
    });
    expect(resolveConfigPath({ env: {}, settingsConfigPath: [], defaultDirs: defaults }).source).toBe(
      'default',
    );
  });

  it('lets the command line win over everything', () => {
    const env = { TROUPE_CONFIG_PATH: '/a' };
    expect(resolveConfigPath({ env, override: ['/cli'], defaultDirs: defaults })).toEqual({
      dirs: ['/cli'],
      source: '--config-path',
    });
  });

  it('resolves relative directories against the working directory', () => {
    const env = { TROUPE_CONFIG_PATH: 'mine:../shared' };
    expect(resolveConfigPath({ env, defaultDirs: defaults, cwd: '/home/op/troupe' }).dirs).toEqual([
      '/home/op/troupe/mine',
      '/home/op/shared',
    ]);
  });
});

describe('splitConfigPathList', () => {
  it('splits, trims and drops empty entries', () => {
    expect(splitConfigPathList('a:: b :')).toEqual(['a', 'b']);
    expect(splitConfigPathList('')).toEqual([]);
  });
});

describe('shippedConfigDirs', () => {
  it('names samples then configdir under the app root', () => {
    expect(shippedConfigDirs('/opt/troupe')).toEqual([
      join('/opt/troupe', 'samples'),
      join('/opt/troupe', 'configdir'),
    ]);
  });
});
