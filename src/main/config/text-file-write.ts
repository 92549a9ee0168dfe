import { createHash } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';

/** A short fingerprint of a file's text: a change made against it is refused once the file no longer has it. */
export function textVersion(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/**
 * Writes `text` beside `file` and renames it over the file, so a crash never leaves half a file.
 * The `.tmp.<pid>` name is one the config watcher ignores; a failed write leaves no temp behind.
 */
export async function writeTextFileAtomically(file: string, text: string): Promise<void> {
  const temporary = `${file}.tmp.${process.pid}`;
  try {
    await writeFile(temporary, text);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
