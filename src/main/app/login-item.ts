import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Settings as LoginItemSettings } from 'electron';
import { writeFileAtomically } from './state-file';

/** Troupe started at login opens in the tray, without its window. */
export const HIDDEN_ARG = '--hidden';

/** How start at login is made on this platform: Electron's login item, or an XDG autostart entry. */
export type LoginItemChange =
  | { kind: 'login-item'; settings: LoginItemSettings }
  | { kind: 'autostart-entry'; file: string; content: string | null };

export interface LoginItemContext {
  platform: NodeJS.Platform;
  /** The app's executable (`process.execPath`). */
  execPath: string;
  env: NodeJS.ProcessEnv;
  homeDir: string;
}

/** Quotes an argument of a desktop entry's Exec line, as the freedesktop spec wants it. */
function execArgument(value: string): string {
  return /^[A-Za-z0-9_./:+=-]+$/.test(value) ? value : `"${value.replace(/(["`$\\])/g, '\\$1')}"`;
}

function autostartEntry(executable: string): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Troupe',
    'Comment=Start Troupe in the tray at login',
    `Exec=${execArgument(executable)} ${HIDDEN_ARG}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

/**
 * What turning start at login on or off changes. macOS and Windows keep login items (Windows
 * passes `--hidden`; macOS says the app was opened at login). Linux desktops start what
 * `~/.config/autostart` lists; an AppImage is started through its image, not its mount point.
 */
export function loginItemChange(openAtLogin: boolean, context: LoginItemContext): LoginItemChange {
  if (context.platform !== 'linux') {
    return { kind: 'login-item', settings: { openAtLogin, args: [HIDDEN_ARG] } };
  }
  const configHome = context.env.XDG_CONFIG_HOME?.trim() || join(context.homeDir, '.config');
  const executable = context.env.APPIMAGE?.trim() || context.execPath;
  return {
    kind: 'autostart-entry',
    file: join(configHome, 'autostart', 'troupe.desktop'),
    content: openAtLogin ? autostartEntry(executable) : null,
  };
}

/** Makes the change: Electron's login item, or the autostart file written whole or removed. */
export function applyLoginItemChange(
  change: LoginItemChange,
  setLoginItemSettings: (settings: LoginItemSettings) => void,
): void {
  if (change.kind === 'login-item') {
    setLoginItemSettings(change.settings);
    return;
  }
  if (change.content === null) {
    rmSync(change.file, { force: true });
    return;
  }
  writeFileAtomically(change.file, change.content);
}
