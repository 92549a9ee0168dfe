import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CliIo } from './io';

/**
 * `troupe demo`: runs the demo of a source checkout (scripts/demo/main.ts, with jiti), which
 * plays Telegram with the project's fake MTProto server and scripted people. That server is test
 * code and stays out of installed apps, so there the command says where the demo lives instead:
 * shipping a fake Telegram inside the product would bring test code to every user for a
 * one-time tour that a checkout gives as well.
 */

const DEMO_SCRIPT = 'scripts/demo/main.ts';
const JITI_CLI = 'node_modules/jiti/lib/jiti-cli.mjs';

export type DemoIo = Pick<CliIo, 'stderr' | 'env' | 'appRoot'>;

export async function runDemo(args: string[], io: DemoIo): Promise<number> {
  const script = join(io.appRoot, DEMO_SCRIPT);
  const jiti = join(io.appRoot, JITI_CLI);
  if (!existsSync(script) || !existsSync(jiti)) {
    io.stderr(
      'troupe demo runs from a source checkout of Troupe: its fake Telegram and scripted people are ' +
        'test code, which installed copies do not ship.\n' +
        'Clone the repository, run `npm install`, then `npm run demo`.\n',
    );
    return 1;
  }
  // Its own process group: a terminal's Ctrl-C reaches only this process, which passes it on once,
  // and the demo then stops everything it started before exiting.
  const child = spawn(process.execPath, [jiti, script, ...args], {
    cwd: io.appRoot,
    env: io.env,
    stdio: 'inherit',
    detached: true,
  });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  try {
    return await new Promise<number>((resolve) => {
      child.once('error', (error) => {
        io.stderr(`The demo could not start: ${error.message}\n`);
        resolve(1);
      });
      child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    });
  } finally {
    process.off('SIGINT', forward);
    process.off('SIGTERM', forward);
  }
}
