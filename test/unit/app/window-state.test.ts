import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WINDOW_SIZE,
  MIN_WINDOW_SIZE,
  placeWindow,
  readWindowState,
  type WindowState,
  writeWindowState,
} from '../../../src/main/app/window-state';

// A 1366x768 laptop screen without its 40-pixel taskbar.
const laptop = { x: 0, y: 0, width: 1366, height: 728 };
const externalOnRight = { x: 1366, y: 0, width: 2560, height: 1410 };

function stateFile(): string {
  return join(mkdtempSync(join(tmpdir(), 'troupe-window-')), 'nested', 'window-state.json');
}

describe('window state file', () => {
  it('round-trips what was written', () => {
    const file = stateFile();
    const state: WindowState = { x: 40, y: 60, width: 1300, height: 820, maximized: true };
    writeWindowState(file, state);
    expect(readWindowState(file)).toEqual(state);
    expect(existsSync(`${file}.tmp`)).toBe(false);
  });

  it('reads as "no saved state" when the file is missing, corrupt or of the wrong shape', () => {
    const file = stateFile();
    expect(readWindowState(file)).toBeNull();
    writeWindowState(file, { x: 0, y: 0, width: 1000, height: 700, maximized: false });
    writeFileSync(file, '{"x": 1, "y"');
    expect(readWindowState(file)).toBeNull();
    writeFileSync(file, JSON.stringify({ x: 'left', y: 0, width: 10, height: 10, maximized: false }));
    expect(readWindowState(file)).toBeNull();
  });

  it('refuses to write nonsense', () => {
    const file = stateFile();
    expect(() => writeWindowState(file, { x: 0, y: 0, width: -5, height: 700, maximized: false })).toThrow();
    expect(existsSync(file)).toBe(false);
  });

  it('writes human-readable JSON', () => {
    const file = stateFile();
    writeWindowState(file, { x: 1, y: 2, width: 1000, height: 700, maximized: false });
    expect(readFileSync(file, 'utf8')).toContain('\n  "width": 1000,');
  });
});

describe('placeWindow', () => {
  it('opens a first window at the default size, centered', () => {
    const desktop = { x: 0, y: 0, width: 1920, height: 1040 };
    expect(placeWindow(null, [desktop], desktop)).toEqual({
      bounds: { ...DEFAULT_WINDOW_SIZE },
      maximized: false,
    });
  });

  it('restores the saved bounds and maximized state when they are on a display', () => {
    const saved = { x: 1600, y: 100, width: 1400, height: 900, maximized: true };
    expect(placeWindow(saved, [laptop, externalOnRight], laptop)).toEqual({
      bounds: { x: 1600, y: 100, width: 1400, height: 900 },
      maximized: true,
    });
  });

  it('recovers a window left on a display that is no longer attached, fitted to the primary display', () => {
    const saved = { x: 1600, y: 100, width: 1400, height: 900, maximized: false };
    expect(placeWindow(saved, [laptop], laptop)).toEqual({
      bounds: { width: DEFAULT_WINDOW_SIZE.width, height: laptop.height },
      maximized: false,
    });
  });

  it('does not count a sliver at the edge of a display as visible', () => {
    const saved = { x: 1300, y: 0, width: 1000, height: 700, maximized: false };
    expect(placeWindow(saved, [laptop], laptop).bounds).not.toHaveProperty('x');
  });

  it('shrinks a window saved on a bigger display to fit the one it is on now', () => {
    const saved = { x: 0, y: 0, width: 2400, height: 1300, maximized: false };
    expect(placeWindow(saved, [laptop], laptop).bounds).toEqual({ x: 0, y: 0, width: 1366, height: 728 });
  });

  it('never goes below the minimum size', () => {
    const saved = { x: 10, y: 10, width: 300, height: 200, maximized: false };
    expect(placeWindow(saved, [laptop], laptop).bounds).toMatchObject(MIN_WINDOW_SIZE);
  });
});
