import { parseArgs } from 'node:util';
import { splitConfigPathList } from '../config';

/** The command-line options the desktop app honours, with the same names as the `troupe` CLI. */
export interface DesktopArgs {
  /** `--state DIR` */
  stateDir?: string;
  /** `--config-path DIRS`, colon-separated */
  configPath?: string[];
  /** `--hidden`: start in the tray without the window (how start at login opens Troupe). */
  hidden?: boolean;
}

/**
 * The operator's arguments from `process.argv`: after the executable in a packaged app, after
 * `electron <app path>` when Electron runs the app from source (`process.defaultApp`).
 */
export function desktopUserArgs(argv: readonly string[], isDefaultApp: boolean): string[] {
  return argv.slice(isDefaultApp ? 2 : 1);
}

/**
 * Reads Troupe's options and ignores everything else: Chromium switches (`--no-sandbox`,
 * `--enable-logging`, ...) share the command line and must not stop the app from starting.
 */
export function parseDesktopArgs(args: readonly string[]): DesktopArgs {
  const { values } = parseArgs({
    args: [...args],
    options: { state: { type: 'string' }, 'config-path': { type: 'string' }, hidden: { type: 'boolean' } },
    strict: false,
    allowPositionals: true,
  });
  const parsed: DesktopArgs = {};
  if (typeof values.state === 'string' && values.state.trim() !== '') parsed.stateDir = values.state;
  const configPath =
    typeof values['config-path'] === 'string' ? splitConfigPathList(values['config-path']) : [];
  if (configPath.length > 0) parsed.configPath = configPath;
  if (values.hidden === true) parsed.hidden = true;
  return parsed;
}
