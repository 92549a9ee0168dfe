import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, totalMediaByKind } from '../../../src/main/config/load-config';
import { agentFile, tempTreesCleanedAfterEach } from './temp-tree';

const trees = tempTreesCleanedAfterEach();

const SHARED = { 'shared/prompts/Instructions.md': '<!-- SCHEMA_TASKS: send -->\nReply in JSON.' };

/** A config path of `names` under a fresh temp root, with a shared prompts-only dir last. */
async function configTree(files: Record<string, string>, names: string[]) {
  const root = await trees.create({ ...SHARED, ...files });
  return { root, dirs: [...names.map((name) => join(root, name)), join(root, 'shared')] };
}

describe('loadConfig', () => {
  it('loads agents in path order, and in file-name order within a directory', async () => {
    const { dirs } = await configTree(
      {
        'one/agents/Zed.md': agentFile('Zed'),
        'one/agents/Amy.md': agentFile('Amy'),
        'one/agents/Amy/docs/notes.md': 'Agent documents are not agents.',
        'one/agents/.#Amy.md': 'an editor lock file',
        'one/agents/readme.txt': 'not an agent',
        'two/agents/Bob.md': agentFile('Bob'),
      },
      ['two', 'one'],
    );
    const config = await loadConfig(dirs);
    expect(config.problems).toEqual([]);
    expect(config.agents.map((agent) => [agent.configName, agent.configDir])).toEqual([
      ['Bob', dirs[0]],
      ['Amy', dirs[1]],
      ['Zed', dirs[1]],
    ]);
    expect(config.agents[1]?.file).toBe(join(dirs[1]!, 'agents', 'Amy.md'));
  });

  it('skips missing and empty directories with a warning, and still uses prompt-only ones', async () => {
    const { root, dirs } = await configTree(
      { 'one/agents/Amy.md': agentFile('Amy'), 'empty/notes.txt': 'nothing useful' },
      ['missing', 'empty', 'one'],
    );
    const config = await loadConfig(dirs);
    expect(config.agents.map((agent) => agent.name)).toEqual(['Amy']);
    expect(config.prompts.get('Instructions')?.dir).toBe(join(root, 'shared'));
    expect(config.problems).toEqual([
      {
        severity: 'warning',
        file: join(root, 'missing'),
        line: null,
        message: expect.stringContaining('does not exist'),
      },
      {
        severity: 'warning',
        file: join(root, 'empty'),
        line: null,
        message: expect.stringContaining('is skipped'),
      },
    ]);
  });

  it('is an error when no directory has agents', async () => {
    const { dirs } = await configTree({}, []);
    const config = await loadConfig(dirs);
    expect(config.agents).toEqual([]);
    expect(config.problems).toEqual([
      {
        severity: 'error',
        file: null,
        line: null,
        message: expect.stringContaining('No config directory has an agents/ folder'),
      },
    ]);
  });

  it('is an error when no directory has the Instructions prompt', async () => {
    const root = await trees.create({ 'one/agents/Amy.md': agentFile('Amy') });
    const config = await loadConfig([join(root, 'one')]);
    expect(config.agents).toHaveLength(1);
    expect(config.problems).toEqual([
      {
        severity: 'error',
        file: null,
        line: null,
        message: expect.stringContaining('prompts/Instructions.md'),
      },
    ]);
  });

  it('keeps the first of two agents with the same config name, as an error', async () => {
    const { dirs } = await configTree(
      {
        'one/agents/Amy.md': agentFile('Amy'),
        'two/agents/Amy.md': agentFile('Amy Two'),
        'two/agents/Cy.md': agentFile('Cy'),
      },
      ['one', 'two'],
    );
    const config = await loadConfig(dirs);
    expect(config.agents.map((agent) => [agent.name, agent.configDir])).toEqual([
      ['Amy', dirs[0]],
      ['Cy', dirs[1]],
    ]);
    expect(config.problems).toEqual([
      {
        severity: 'error',
        file: join(dirs[1]!, 'agents', 'Amy.md'),
        line: null,
        message: expect.stringContaining('Rename one of them'),
      },
    ]);
  });

  it('keeps the first of two agents with the same display name, as a warning', async () => {
    const { dirs } = await configTree(
      {
        'one/agents/Amy.md': agentFile('Amy'),
        'one/agents/AmyAgain.md': agentFile('Amy'),
        'one/agents/Bo.md': agentFile('Bo'),
      },
      ['one'],
    );
    const config = await loadConfig(dirs);
    expect(config.agents.map((agent) => agent.configName)).toEqual(['Amy', 'Bo']);
    expect(config.problems).toEqual([
      {
        severity: 'warning',
        file: join(dirs[0]!, 'agents', 'AmyAgain.md'),
        line: 1,
        message: expect.stringContaining('"Amy" is already used'),
      },
    ]);
  });

  it('rejects the reserved name "media" in any case, but allows names that contain it', async () => {
    const { dirs } = await configTree(
      {
        'one/agents/media.md': agentFile('Anything'),
        'one/agents/Mediabot.md': agentFile('MEDIA'),
        'one/agents/Mediator.md': agentFile('Social Media Manager'),
        'two/agents/Media.md': agentFile('Other'),
      },
      ['one', 'two'],
    );
    const config = await loadConfig(dirs);
    expect(config.agents.map((agent) => agent.name)).toEqual(['Social Media Manager']);
    expect(config.problems).toEqual([
      {
        severity: 'error',
        file: join(dirs[0]!, 'agents', 'Mediabot.md'),
        line: 1,
        message: expect.stringContaining("agent's agent name"),
      },
      {
        severity: 'error',
        file: join(dirs[0]!, 'agents', 'media.md'),
        line: null,
        message: expect.stringContaining("agent's file name"),
      },
      {
        severity: 'error',
        file: join(dirs[1]!, 'agents', 'Media.md'),
        line: null,
        message: expect.stringContaining('"media" is reserved'),
      },
    ]);
  });

  it('loads the other agents when one file is broken', async () => {
    const { dirs } = await configTree(
      {
        'one/agents/Amy.md': agentFile('Amy'),
        'one/agents/Broken.md': '# Agent Name\n\nBroken\n',
        'one/agents/Cy.md': agentFile('Cy'),
      },
      ['one'],
    );
    const config = await loadConfig(dirs);
    expect(config.agents.map((agent) => agent.name)).toEqual(['Amy', 'Cy']);
    expect(config.problems.map((problem) => [problem.severity, problem.file])).toEqual([
      ['error', join(dirs[0]!, 'agents', 'Broken.md')],
      ['error', join(dirs[0]!, 'agents', 'Broken.md')],
    ]);
  });

  it('reports role prompts that no directory has at the Role Prompt heading', async () => {
    const { dirs } = await configTree(
      {
        'one/agents/Amy.md': agentFile('Amy', '\n# Role Prompt\n\nCompanion\nCompanoin\nGhost\n'),
        'one/prompts/Companion.md': 'Be kind.',
      },
      ['one'],
    );
    const config = await loadConfig(dirs);
    const file = join(dirs[0]!, 'agents', 'Amy.md');
    expect(config.agents.map((agent) => agent.rolePrompts)).toEqual([['Companion', 'Companoin', 'Ghost']]);
    expect(config.problems).toEqual([
      { severity: 'error', file, line: 13, message: expect.stringContaining('"Companoin" is not in any') },
      { severity: 'error', file, line: 13, message: expect.stringContaining('add prompts/Ghost.md') },
    ]);
    expect(config.problems[0]?.message).toContain('did you mean "Companion"?');
  });

  it('warns at its comment of a task kind a prompt enables that Troupe does not run, aliases known', async () => {
    const { dirs } = await configTree(
      {
        'one/agents/Amy.md': agentFile('Amy', '\n# Role Prompt\n\nTravel\n'),
        'one/prompts/Travel.md': 'Plan trips.\n\n<!-- SCHEMA_TASKS: send, Photo,\n teleport -->\n',
        // A prompt no agent uses yet is checked too: an agent may take it up later.
        'one/prompts/Idle.md': '<!-- SCHEMA_TASKS: think -->',
      },
      ['one'],
    );
    const config = await loadConfig(dirs);
    expect(config.problems).toEqual([
      {
        severity: 'warning',
        file: join(dirs[0]!, 'prompts', 'Travel.md'),
        line: 3,
        message: expect.stringMatching(
          /^SCHEMA_TASKS names "teleport", a task kind Troupe does not run, so agents using Travel are not offered it\. Known kinds: think, .*send_media/,
        ),
      },
    ]);
  });

  it('resolves each prompt to the first directory that has it and lists every prompt file', async () => {
    const { root, dirs } = await configTree(
      {
        'one/agents/Amy.md': agentFile('Amy'),
        'one/prompts/Instructions.md': 'Overridden.',
        'one/prompts/Extra.md': 'x',
      },
      ['one'],
    );
    const config = await loadConfig(dirs);
    expect([...config.prompts.values()]).toEqual([
      { name: 'Extra', dir: dirs[0], file: join(dirs[0]!, 'prompts', 'Extra.md') },
      { name: 'Instructions', dir: dirs[0], file: join(dirs[0]!, 'prompts', 'Instructions.md') },
    ]);
    expect(config.promptFiles.map((prompt) => [prompt.name, prompt.dir])).toEqual([
      ['Extra', dirs[0]],
      ['Instructions', dirs[0]],
      ['Instructions', join(root, 'shared')],
    ]);
  });

  it('sorts problems with errors first, keeping the order found otherwise', async () => {
    const { dirs } = await configTree(
      {
        'one/agents/A.md': agentFile('A', '\n# Typing Speed\n\nfast\n'),
        'one/agents/B.md': '# Agent Name\n\nB\n',
        'one/agents/C.md': agentFile('C', '\n# Colour\n\nred\n'),
      },
      ['one'],
    );
    const config = await loadConfig(dirs);
    expect(config.problems.map((problem) => [problem.severity, problem.file?.slice(-4)])).toEqual([
      ['error', 'B.md'],
      ['error', 'B.md'],
      ['warning', 'A.md'],
      ['warning', 'C.md'],
    ]);
  });

  it('takes the new-agent template from the first directory that has one', async () => {
    const { dirs } = await configTree(
      {
        'one/agents/Amy.md': agentFile('Amy'),
        'two/DefaultAgent.md': agentFile('Template Two', '\n# Role Prompt\n\nMissing\n\n# Disabled\n'),
        'shared/DefaultAgent.md': agentFile('Template Shared'),
      },
      ['one', 'two'],
    );
    const config = await loadConfig(dirs);
    expect(config.defaultAgentTemplate).toMatchObject({
      name: 'Template Two',
      configDir: dirs[1],
      disabled: true,
    });
    expect(config.problems).toEqual([
      {
        severity: 'warning',
        file: join(dirs[1]!, 'DefaultAgent.md'),
        line: 13,
        message: expect.stringContaining('"Missing"'),
      },
    ]);
  });

  it('has no template when no directory has one', async () => {
    const { dirs } = await configTree({ 'one/agents/Amy.md': agentFile('Amy') }, ['one']);
    expect((await loadConfig(dirs)).defaultAgentTemplate).toBeNull();
  });

  it('counts curated media per directory by kind and status', async () => {
    const record = (id: string, kind: string, status = 'curated') =>
      JSON.stringify({ unique_id: id, kind, status, description: 'something' });
    const { dirs } = await configTree(
      {
        'one/agents/Amy.md': agentFile('Amy'),
        'one/media/s1.json': record('s1', 'sticker'),
        'one/media/s2.json': record('s2', 'animated_sticker', 'generated'),
        'one/media/p1.json': record('p1', 'photo'),
        'one/media/bad.json': record('not-bad', 'photo'),
        'shared/media/a1.json': record('a1', 'audio', 'unsupported'),
      },
      ['one'],
    );
    const config = await loadConfig(dirs);
    expect(config.media).toEqual([
      {
        configDir: dirs[0],
        recordCount: 3,
        byKind: { photo: 1, sticker: 2, gif: 0, animation: 0, video: 0, audio: 0, document: 0 },
        byStatus: {
          generated: 1,
          curated: 2,
          budget_exhausted: 0,
          unsupported: 0,
          temporary_failure: 0,
          permanent_failure: 0,
        },
      },
      expect.objectContaining({ configDir: dirs[1], recordCount: 1 }),
    ]);
    expect(totalMediaByKind(config.media)).toMatchObject({ photo: 1, sticker: 2, audio: 1 });
    expect(config.problems).toEqual([
      {
        severity: 'error',
        file: join(dirs[0]!, 'media', 'bad.json'),
        line: null,
        message: expect.stringContaining('unique_id'),
      },
    ]);
  });
});
