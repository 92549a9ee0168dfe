import { stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';

/** A config directory the operator typed that cannot be one, by its place in the list. */
export interface ConfigDirProblem {
  index: number;
  message: string;
}

/**
 * What is wrong with the directories of a config path the operator saves: a relative path (it
 * would be read from wherever Troupe happened to start), a path with nothing at it, or a file.
 * Each is said on its own row, before anything is saved, instead of the reload skipping it.
 */
export async function configDirProblems(dirs: readonly string[]): Promise<ConfigDirProblem[]> {
  const problems = await Promise.all(
    dirs.map(async (dir, index): Promise<ConfigDirProblem | null> => {
      const message = await problemOf(dir.trim());
      return message ? { index, message } : null;
    }),
  );
  return problems.filter((problem) => problem !== null);
}

async function problemOf(dir: string): Promise<string | null> {
  if (!isAbsolute(dir)) {
    return dir.startsWith('~')
      ? 'Write the whole path: ~ is not expanded here.'
      : 'Write the whole path, from the root: a relative one depends on where Troupe was started.';
  }
  try {
    const found = await stat(dir);
    return found.isDirectory() ? null : 'This is a file, not a directory.';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR'
      ? 'There is no directory here. Create it first, or check the path.'
      : `This directory cannot be read (${code ?? 'unknown error'}).`;
  }
}
