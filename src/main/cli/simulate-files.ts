import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { simulatedFileSizeProblem } from '../../shared/api/conversation-contract';
import { fileReadReason } from './file-read-reason';
import { ScriptError, type SimulateScript, stepFile } from './simulate-script';

/** A file a step sends, read from disk. */
export interface StepFile {
  fileName: string;
  bytes: Buffer;
}

async function readStepFile(path: string): Promise<Buffer> {
  const info = await stat(path);
  if (!info.isFile()) throw new Error('it is not a file.');
  const sizeProblem = simulatedFileSizeProblem(info.size);
  if (sizeProblem) throw new Error(sizeProblem.charAt(0).toLowerCase() + sizeProblem.slice(1));
  return readFile(path);
}

/**
 * Reads every file the script's steps send, by step index, before anything is played: a missing,
 * unreadable, empty or too large file stops the script at once, naming its step and path. Paths
 * are relative to the script file.
 */
export async function readStepFiles(
  script: SimulateScript,
  scriptFile: string,
): Promise<Map<number, StepFile>> {
  const scriptDir = dirname(resolve(scriptFile));
  const files = new Map<number, StepFile>();
  for (const [index, step] of script.steps.entries()) {
    const file = stepFile(step);
    if (!file) continue;
    const path = resolve(scriptDir, file.path);
    try {
      files.set(index, { fileName: basename(path), bytes: await readStepFile(path) });
    } catch (error) {
      throw new ScriptError(
        `step ${index}: the ${file.kind} ${path} cannot be sent: ${fileReadReason(error)}`,
      );
    }
  }
  return files;
}
