import { open, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { ConfigProblem } from '../../shared/domain/config';
import { configError } from './problems';

/**
 * The largest agent, prompt, document or media-record file Troupe reads. Real ones are a few
 * kilobytes; far larger is a mistake (a log or a dump saved under the wrong name) that would
 * otherwise fill memory or fail deep inside the load with "Invalid string length".
 */
export const MAX_CONFIG_TEXT_BYTES = 1024 * 1024;

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}

/** A config file over the size limit; its message names the file, its size and the limit. */
export class ConfigFileTooLargeError extends Error {
  override readonly name = 'ConfigFileTooLargeError';
  constructor(
    readonly file: string,
    readonly size: number,
    readonly limit: number,
  ) {
    super(
      `${basename(file)} is ${formatSize(size)}, over the ${formatSize(limit)} limit for agent, prompt and document files, so it is not read. Shorten it, or move it out of the config directory if it is not configuration.`,
    );
  }
}

/**
 * Reads a text file whole unless it is larger than `limit`, which throws ConfigFileTooLargeError
 * before anything is read. The size is taken from the open file, so one that grows between the
 * check and the read is not read past it.
 */
export async function readConfigText(file: string, limit = MAX_CONFIG_TEXT_BYTES): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (size > limit) throw new ConfigFileTooLargeError(file, size, limit);
    const buffer = Buffer.alloc(size);
    let filled = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, filled, size - filled, filled);
      if (bytesRead === 0 || filled + bytesRead === size)
        return buffer.toString('utf8', 0, filled + bytesRead);
      filled += bytesRead;
    }
  } finally {
    await handle.close();
  }
}

/** What to report for a file that could not be read as `what` ("the agent file"). */
export function readFailureMessage(error: Error, what: string): string {
  return error instanceof ConfigFileTooLargeError
    ? error.message
    : `Could not read ${what}: ${error.message}.`;
}

/**
 * An error for each of `files` over the limit, found by their size alone: for files listed at load
 * time but read only when used (prompts), so the problem shows before a turn fails on it.
 */
export async function oversizedFileProblems(
  files: readonly string[],
  limit = MAX_CONFIG_TEXT_BYTES,
): Promise<ConfigProblem[]> {
  const sizes = await Promise.all(
    files.map((file) =>
      stat(file).then(
        (info) => info.size,
        () => 0,
      ),
    ),
  );
  return files.flatMap((file, index) => {
    const size = sizes[index] ?? 0;
    return size > limit
      ? [configError(file, null, new ConfigFileTooLargeError(file, size, limit).message)]
      : [];
  });
}
