import { z } from 'zod';
import { readJsonFile, writeFileAtomically } from './state-file';

/** Where the main window was when it last closed, kept in the state directory. */
export const WindowStateSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  maximized: z.boolean(),
});
export type WindowState = z.infer<typeof WindowStateSchema>;

export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const WINDOW_STATE_FILE_NAME = 'window-state.json';
export const DEFAULT_WINDOW_SIZE = { width: 1280, height: 800 } as const;
export const MIN_WINDOW_SIZE = { width: 960, height: 600 } as const;

/**
 * How much of the window must lie on one display for it to count as visible: enough of the title
 * bar to grab it. A window restored onto an unplugged monitor would otherwise open out of reach.
 */
const MIN_VISIBLE = { width: 160, height: 48 } as const;

/** Bounds for the new window; x and y are absent when Electron should center it. */
export interface WindowPlacement {
  bounds: { width: number; height: number; x?: number; y?: number };
  maximized: boolean;
}

/** The saved state, or null when there is none or it is unreadable (a fresh default is fine then). */
export function readWindowState(file: string): WindowState | null {
  return readJsonFile(file, WindowStateSchema);
}

/** Writes through a temporary file so a crash mid-write never leaves a truncated state file. */
export function writeWindowState(file: string, state: WindowState): void {
  writeFileAtomically(file, `${JSON.stringify(WindowStateSchema.parse(state), null, 2)}\n`);
}

function overlap(a: Rectangle, b: Rectangle): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

function fitToArea(
  size: { width: number; height: number },
  area: Rectangle,
): { width: number; height: number } {
  return {
    width: Math.max(MIN_WINDOW_SIZE.width, Math.min(size.width, area.width)),
    height: Math.max(MIN_WINDOW_SIZE.height, Math.min(size.height, area.height)),
  };
}

/**
 * Where to open the main window, given the saved state and the work areas of the displays now
 * attached: the saved bounds when enough of them is on a display (shrunk to fit that display),
 * otherwise the default size fitted to the primary display, centered.
 */
export function placeWindow(
  saved: WindowState | null,
  workAreas: readonly Rectangle[],
  primaryWorkArea: Rectangle,
): WindowPlacement {
  const display = saved
    ? workAreas.find((area) => {
        const shared = overlap(saved, area);
        return shared.width >= MIN_VISIBLE.width && shared.height >= MIN_VISIBLE.height;
      })
    : undefined;
  if (saved === null || display === undefined) {
    return { bounds: fitToArea(DEFAULT_WINDOW_SIZE, primaryWorkArea), maximized: saved?.maximized ?? false };
  }
  return { bounds: { x: saved.x, y: saved.y, ...fitToArea(saved, display) }, maximized: saved.maximized };
}
