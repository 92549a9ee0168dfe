import { join } from 'node:path';

/**
 * Where the tray icons are: shipped beside app.asar as `tray/` (electron-builder's
 * extraResources), or `build/tray/` of the repository when Electron runs the app from source.
 */
export function trayIconDir(isPackaged: boolean, resourcesPath: string, appPath: string): string {
  return isPackaged ? join(resourcesPath, 'tray') : join(appPath, 'build', 'tray');
}

/**
 * The icon for the platform. macOS gets a monochrome template image it tints for a light or dark
 * menu bar; Windows and Linux a coloured one. Each has a variant with a dot for "needs attention",
 * and an `@2x` file beside it that Electron picks on high-density displays.
 */
export function trayIconFile(dir: string, platform: NodeJS.Platform, attention: boolean): string {
  const base = attention ? 'trayAttention' : 'tray';
  return join(dir, platform === 'darwin' ? `${base}Template.png` : `${base}.png`);
}
