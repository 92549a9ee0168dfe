import { cp, mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../logging';
import { shippedConfigDirs } from './config-path';

/** The operator's own config directory inside the state directory of an installed app. */
const USER_CONFIG_DIR_NAME = 'config';

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/**
 * The default config path of the installed desktop app. Its shipped directories sit inside the
 * installation, which is read-only in an AppImage, owned by an administrator under Program Files
 * and replaced by every update: switching a sample agent on, a new agent, or an edited prompt,
 * document or media description written there would fail or be lost. So on first run the sample
 * agents are copied into `config` in the state directory, which comes first on the path and takes
 * every write; the shipped `configdir` (the shared prompts and the new-agent template) follows,
 * read-only and current with the installed version.
 *
 * A copy that exists is never touched again: the operator's agents are theirs once seeded. The
 * copy is made beside it and renamed into place, so a crash mid-copy never leaves half the
 * samples. When the copy cannot be made at all the shipped directories are the path, as in a
 * source checkout, and the warning says why.
 */
export async function installedConfigDirs(
  stateDir: string,
  resourcesDir: string,
  logger: Logger,
): Promise<string[]> {
  const [samples, configdir] = shippedConfigDirs(resourcesDir) as [string, string];
  const userDir = join(stateDir, USER_CONFIG_DIR_NAME);
  try {
    if (!(await exists(userDir))) await seed(userDir, samples);
    return [userDir, configdir];
  } catch (error) {
    logger.warn(
      { err: error, userDir },
      'could not make the config directory in the state directory; agents load from the installation, where edits may fail',
    );
    return [samples, configdir];
  }
}

async function seed(userDir: string, samples: string): Promise<void> {
  const partial = `${userDir}.seeding`;
  await rm(partial, { recursive: true, force: true });
  if (await exists(samples)) await cp(samples, partial, { recursive: true });
  else await mkdir(partial, { recursive: true });
  await rename(partial, userDir);
}
