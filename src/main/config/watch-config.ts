import { basename, isAbsolute, relative, resolve, sep } from 'node:path';
import { watch } from 'chokidar';

export interface WatchConfigOptions {
  /** Quiet time after the last change before `onChange` runs; one save often touches several files. */
  debounceMs: number;
  /** Watcher failures (e.g. permission errors); they do not stop the watcher. */
  onError?: (error: Error) => void;
  /** Called once the initial scan is done; changes made before then may go unreported. */
  onReady?: () => void;
}

/** Swap, backup and lock files that editors write next to the file being edited. */
const EDITOR_TEMP_FILE = [
  /~$/, // emacs, gedit backups
  /^\.#/, // emacs lock files
  /^#.*#$/, // emacs auto-save
  /\.sw[a-p]$/, // vim swap files
  /^4913$/, // vim's write-permission probe
  /\.(tmp|temp|bak|orig|crdownload)$/i,
  /^\.DS_Store$/,
  /^\.~lock\./, // LibreOffice
  /\.tmp\.\d+$/, // atomic-write temp files (`file.md.tmp.1234`)
];

export function isEditorTempFile(path: string): boolean {
  const name = basename(path);
  return EDITOR_TEMP_FILE.some((pattern) => pattern.test(name));
}

/** Version-control and dependency folders inside a config directory never hold config. */
const IGNORED_FOLDERS = new Set(['.git', 'node_modules']);

function isInsideIgnoredFolder(path: string, roots: readonly string[]): boolean {
  for (const root of roots) {
    const inside = relative(root, path);
    if (inside !== '' && !inside.startsWith('..') && !isAbsolute(inside)) {
      return inside.split(sep).some((segment) => IGNORED_FOLDERS.has(segment));
    }
  }
  return false;
}

/**
 * Watches the config directories and calls `onChange` with the changed paths once changes settle.
 * Returns the function that stops watching.
 */
export function watchConfig(
  configDirs: readonly string[],
  onChange: (changedPaths: string[]) => void,
  options: WatchConfigOptions,
): () => Promise<void> {
  const roots = configDirs.map((dir) => resolve(dir));
  const watcher = watch(roots, {
    ignoreInitial: true,
    ignored: (path) => {
      const absolute = resolve(path);
      return (
        !roots.includes(absolute) && (isEditorTempFile(absolute) || isInsideIgnoredFolder(absolute, roots))
      );
    },
  });
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;

  const flush = () => {
    timer = undefined;
    const changed = [...pending].sort();
    pending = new Set();
    onChange(changed);
  };
  watcher.on('all', (_event, path) => {
    pending.add(path);
    clearTimeout(timer);
    timer = setTimeout(flush, options.debounceMs);
  });
  watcher.on('error', (error) =>
    options.onError?.(error instanceof Error ? error : new Error(String(error))),
  );

  watcher.once('ready', () => options.onReady?.());

  return async () => {
    clearTimeout(timer);
    await watcher.close();
  };
}
