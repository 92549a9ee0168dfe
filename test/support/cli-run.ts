import { runCli } from '../../src/main/cli';
import type { CliIo } from '../../src/main/cli/io';

/** What a command printed and how it exited. */
export interface CliOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a `troupe` command in process, capturing what it prints. */
export async function runCliCapturing(
  args: string[],
  io: Omit<CliIo, 'stdout' | 'stderr'>,
): Promise<CliOutcome> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    ...io,
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
  });
  return { code, stdout, stderr };
}
