import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/main/config';
import type { ConfigProblem } from '../../../src/shared/domain/config';
import { REPO_ROOT } from '../../support/serve-process';
import { agentFile, tempTreesCleanedAfterEach } from './temp-tree';

const trees = tempTreesCleanedAfterEach();

async function configDir(): Promise<string> {
  const root = await trees.create({
    'config/agents/Ada.md': agentFile('Ada'),
    'config/prompts/Instructions.md': 'Reply in JSON.',
    'config/media/s1.json': JSON.stringify({ unique_id: 's1', kind: 'sticker', status: 'curated' }),
    'elsewhere/Bo.md': agentFile('Bo'),
  });
  return join(root, 'config');
}

function problemAt(problems: readonly ConfigProblem[], file: string): ConfigProblem | undefined {
  return problems.find((problem) => problem.file === file);
}

/** `troupe check-config` as the operator runs it (needs the built CLI). */
function checkConfigCommand(dir: string): { status: number | null; output: string } {
  const run = spawnSync(
    process.execPath,
    [join(REPO_ROOT, 'bin/troupe.js'), 'check-config', '--config-path', dir],
    {
      encoding: 'utf8',
      timeout: 20_000,
    },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('loading a config with entries that cannot be read', () => {
  it.each(['prompts', 'media'])(
    'reports a symbolic link loop in place of %s/ and loads the rest',
    async (folder) => {
      const dir = await configDir();
      execFileSync('rm', ['-r', join(dir, folder)]);
      symlinkSync(join(dir, folder), join(dir, folder));
      const config = await loadConfig([dir]);
      expect(config.agents.map((agent) => agent.configName)).toEqual(['Ada']);
      expect(problemAt(config.problems, join(dir, folder))?.message).toMatch(
        /symbolic link loops back on itself/,
      );

      const command = checkConfigCommand(dir);
      expect(command.output).not.toMatch(/ELOOP|at .*\.js/);
      expect(command.output).toContain(`${join(dir, folder)}: error: Could not list the folder`);
      expect(command.status).toBe(1);
    },
  );

  it('reports a looping link named like a prompt', async () => {
    const dir = await configDir();
    symlinkSync(join(dir, 'prompts', 'Loop.md'), join(dir, 'prompts', 'Loop.md'));
    const config = await loadConfig([dir]);
    expect(problemAt(config.problems, join(dir, 'prompts', 'Loop.md'))?.message).toBe(
      'Cannot be read as a prompt: it is a link that loops back on itself; fix the link or remove it.',
    );
  });

  it('loads an agent file that is a symbolic link', async () => {
    const dir = await configDir();
    symlinkSync(join(dir, '..', 'elsewhere', 'Bo.md'), join(dir, 'agents', 'Bo.md'));
    const config = await loadConfig([dir]);
    expect(config.agents.map((agent) => agent.configName)).toEqual(['Ada', 'Bo']);
    expect(config.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
  });

  it('reports a FIFO named like an agent file without reading it', async () => {
    const dir = await configDir();
    execFileSync('mkfifo', [join(dir, 'agents', 'Pipe.md')]);
    const config = await loadConfig([dir]);
    expect(problemAt(config.problems, join(dir, 'agents', 'Pipe.md'))?.message).toMatch(
      /Cannot be read as an agent file: it is not a regular file \(a FIFO, socket or device\)/,
    );
    const command = checkConfigCommand(dir);
    expect(command.output).toContain(`${join(dir, 'agents', 'Pipe.md')}: error:`);
  });

  it('reports a directory named like an agent file', async () => {
    const dir = await configDir();
    mkdirSync(join(dir, 'agents', 'Cy.md'));
    const config = await loadConfig([dir]);
    expect(problemAt(config.problems, join(dir, 'agents', 'Cy.md'))?.message).toBe(
      'Cannot be read as an agent file: it is a directory; rename it or move it out of this folder.',
    );
    expect(config.agents.map((agent) => agent.configName)).toEqual(['Ada']);
  });
});
