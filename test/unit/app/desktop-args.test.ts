import { describe, expect, it } from 'vitest';
import { desktopUserArgs, parseDesktopArgs } from '../../../src/main/app/desktop-args';

describe('desktopUserArgs', () => {
  it('drops the executable in a packaged app', () => {
    expect(desktopUserArgs(['/opt/Troupe/troupe', '--state', '/data'], false)).toEqual(['--state', '/data']);
  });

  it('drops electron and the app path when Electron runs the app from source', () => {
    expect(desktopUserArgs(['/x/electron', '.', '--state', '/data'], true)).toEqual(['--state', '/data']);
  });
});

describe('parseDesktopArgs', () => {
  it('reads --state and a colon-separated --config-path like the CLI', () => {
    expect(parseDesktopArgs(['--state', '/data/troupe', '--config-path=/a: /b :'])).toEqual({
      stateDir: '/data/troupe',
      configPath: ['/a', '/b'],
    });
  });

  it('ignores Chromium switches and stray positionals', () => {
    expect(parseDesktopArgs(['--no-sandbox', '--enable-logging', 'file.txt', '--state=/s'])).toEqual({
      stateDir: '/s',
    });
  });

  it('reads --hidden, which start at login passes', () => {
    expect(parseDesktopArgs(['--hidden', '--state', '/s'])).toEqual({ stateDir: '/s', hidden: true });
  });

  it('treats empty values as absent', () => {
    expect(parseDesktopArgs(['--state=', '--config-path', ':'])).toEqual({});
    expect(parseDesktopArgs([])).toEqual({});
  });
});
