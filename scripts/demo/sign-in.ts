import { join } from 'node:path';
import { withTimeout } from '../../test/support/fake-telegram';
import type { FakeTelegramControl } from '../../test/support/fake-telegram/control-client';
import { REPO_ROOT } from '../../test/support/serve-process';
import { spawnWatched } from '../../test/support/watched-process';
import type { Lifetime } from './lifetime';

/**
 * Logs the demo agent in the way an operator would on a server: `troupe login`, answering its
 * questions with the agent file's phone and the code the fake Telegram sent to the "app".
 */

const STEP_MS = 30_000;

export async function signIn(options: {
  agent: string;
  phone: string;
  stateDir: string;
  configPath: string;
  env: NodeJS.ProcessEnv;
  control: FakeTelegramControl;
  lifetime: Lifetime;
}): Promise<void> {
  const login = spawnWatched(
    process.execPath,
    [
      join(REPO_ROOT, 'bin/troupe.js'),
      'login',
      options.agent,
      '--state',
      options.stateDir,
      '--config-path',
      options.configPath,
    ],
    { env: options.env, detached: true },
  );
  // A Ctrl-C while it runs stops it with the rest.
  await options.lifetime.add('troupe login', async () => void (await login.stop('SIGTERM', 5_000)));
  try {
    await login.waitForOutput(/Phone number \[[^\]]*\]: /, STEP_MS, 'the phone question');
    login.child.stdin?.write('\n');
    await login.waitForOutput(/Code sent [^\n]*: /, STEP_MS, 'the code question');
    const code = await options.control.loginCode(options.phone);
    if (code === null) throw new Error(`the fake Telegram sent no code to ${options.phone}`);
    login.child.stdin?.write(`${code}\n`);
    const exitCode = await withTimeout(login.exited, STEP_MS, 'troupe login');
    if (exitCode !== 0) throw new Error(`troupe login ended with ${exitCode}:\n${login.output()}`);
  } finally {
    await login.stop('SIGTERM', 5_000);
  }
}
