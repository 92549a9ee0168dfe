import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConfigProblem } from '../../shared/domain/config.js';
import { configError } from './problems';

export interface ConfigFileListing {
  /** Names of the regular files (or links to them) with the extension, hidden ones left out, sorted. */
  names: string[];
  /** Names of every regular file (or link to one) in the folder, whatever its extension. */
  allFiles: Set<string>;
  /** Entries that look like config files but cannot be read as one, and a folder that cannot be listed. */
  problems: ConfigProblem[];
}

type EntryKind = { kind: 'file' } | { kind: 'unusable'; why: string };

/**
 * Lists the config files of one folder (`agents/`, `prompts/`, `media/`). Symbolic links are
 * followed to the files they point to. Anything named like a config file that is not one (a
 * directory, a FIFO, a broken or looping link) is reported with what to do, never skipped
 * silently and never read: reading a FIFO would wait forever. A missing folder has no files;
 * one that cannot be listed is a problem. Never throws.
 */
export async function listConfigFiles(
  dir: string,
  extension: string,
  what: string,
): Promise<ConfigFileListing> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { names: [], allFiles: new Set(), problems: [] };
    return {
      names: [],
      allFiles: new Set(),
      problems: [
        configError(dir, null, `Could not list the folder (${describe(error)}); fix it or remove it.`),
      ],
    };
  }
  const names: string[] = [];
  const allFiles = new Set<string>();
  const problems: ConfigProblem[] = [];
  const kinds = await Promise.all(entries.map((entry) => kindOf(dir, entry)));
  entries.forEach((entry, index) => {
    const kind = kinds[index]!;
    const looksLikeConfig = entry.name.endsWith(extension) && !entry.name.startsWith('.');
    if (kind.kind === 'file') {
      allFiles.add(entry.name);
      if (looksLikeConfig) names.push(entry.name);
    } else if (looksLikeConfig) {
      problems.push(configError(join(dir, entry.name), null, `Cannot be read as ${what}: ${kind.why}`));
    }
  });
  names.sort();
  return { names, allFiles, problems };
}

async function kindOf(dir: string, entry: Dirent): Promise<EntryKind> {
  if (entry.isFile()) return { kind: 'file' };
  if (entry.isDirectory()) {
    return { kind: 'unusable', why: 'it is a directory; rename it or move it out of this folder.' };
  }
  if (!entry.isSymbolicLink()) {
    return {
      kind: 'unusable',
      why: 'it is not a regular file (a FIFO, socket or device); replace it with a file or remove it.',
    };
  }
  try {
    const target = await stat(join(dir, entry.name));
    if (target.isFile()) return { kind: 'file' };
    return { kind: 'unusable', why: 'it is a link to something other than a file; point it at a file.' };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ELOOP'
        ? 'it is a link that loops back on itself'
        : code === 'ENOENT'
          ? 'it is a link to nothing (the target is gone)'
          : `its link cannot be followed (${describe(error)})`;
    return { kind: 'unusable', why: `${why}; fix the link or remove it.` };
  }
}

function describe(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ELOOP') return 'a symbolic link loops back on itself';
  return error instanceof Error ? error.message : String(error);
}
