import { readConfigText } from './text-file-limit';

export type TextFileRead = { file: string; text: string } | { file: string; error: Error };

/**
 * Files read at once. Config directories hold thousands of media records, and several loads may
 * run together (the configuration, the curated media): unbounded, they would run out of file
 * descriptors (EMFILE) and records would silently go missing.
 */
const CONCURRENT_READS = 64;

/**
 * Reads many small files, a bounded number at a time, and reports each outcome in the order
 * given: reading them one by one is slow. A file over the size limit is an outcome like any
 * failed read (ConfigFileTooLargeError).
 */
export async function readTextFiles(files: readonly string[]): Promise<TextFileRead[]> {
  const results: TextFileRead[] = new Array(files.length);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const index = next++;
      const file = files[index]!;
      try {
        results[index] = { file, text: await readConfigText(file) };
      } catch (error) {
        results[index] = { file, error: error instanceof Error ? error : new Error(String(error)) };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_READS, files.length) }, worker));
  return results;
}
