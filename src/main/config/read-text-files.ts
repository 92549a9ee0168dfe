import { readFile } from 'node:fs/promises';

export type TextFileRead = { file: string; text: string } | { file: string; error: Error };

/**
 * Reads many small files at once and reports each outcome in the order given: config
 * directories hold hundreds of agent and media files, and reading them one by one is slow.
 */
export function readTextFiles(files: readonly string[]): Promise<TextFileRead[]> {
  return Promise.all(
    files.map((file) =>
      readFile(file, 'utf8').then(
        (text) => ({ file, text }),
        (error: unknown) => ({ file, error: error instanceof Error ? error : new Error(String(error)) }),
      ),
    ),
  );
}
