import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCheckConfig } from '../../../src/main/cli/check-config';
import { agentFile, tempTreesCleanedAfterEach } from './temp-tree';

const trees = tempTreesCleanedAfterEach();

async function run(args: string[], env: Record<string, string> = {}, defaultDirs: string[] = []) {
  let stdout = '';
  let stderr = '';
  const code = await runCheckConfig(args, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    env,
    cwd: '/',
    defaultDirs,
  });
  return { code, stdout, stderr };
}

async function goodTree() {
  return trees.create({
    'mine/agents/Amy.md': agentFile('Amy', '\n# LLM\n\ngrok\n\n# Role Prompt\n\nCompanion\n\n# Disabled\n'),
    'mine/agents/Bo.md': agentFile('Bo', '\n# Typing Speed\n\nvery fast\n'),
    'mine/media/s1.json': JSON.stringify({ unique_id: 's1', kind: 'sticker', status: 'curated' }),
    'mine/media/s2.json': JSON.stringify({ unique_id: 's2', kind: 'sticker', status: 'curated' }),
    'mine/media/p1.json': JSON.stringify({ unique_id: 'p1', kind: 'photo', status: 'generated' }),
    'shared/prompts/Instructions.md': 'Reply in JSON.',
    'shared/prompts/Companion.md': 'Be kind.',
  });
}

describe('check-config', () => {
  it('prints a summary and exits 0 when there are only warnings', async () => {
    const root = await goodTree();
    const { code, stdout, stderr } = await run(['--config-path', `${root}/mine:${root}/shared`]);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toContain('Config path (from --config-path):');
    expect(stdout).toContain(`  Amy [Amy] llm: grok, disabled - ${join(root, 'mine')}`);
    expect(stdout).toContain(`  Bo [Bo] llm: default - ${join(root, 'mine')}`);
    expect(stdout).toContain('Prompts (2): Companion, Instructions');
    expect(stdout).toContain('Media: 3 curated records (1 photo, 2 sticker)');
    expect(stdout).toContain(
      `  ${join(root, 'mine', 'agents', 'Bo.md')}:15: warning: "# Typing Speed" must be`,
    );
    expect(stdout).toContain('0 errors, 1 warning.');
  });

  it('prints JSON with --json', async () => {
    const root = await goodTree();
    const { code, stdout } = await run(['--json', '--config-path', `${root}/mine:${root}/shared`]);
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report.configPath).toEqual([join(root, 'mine'), join(root, 'shared')]);
    expect(report.agents).toHaveLength(2);
    expect(report.agents[0]).toMatchObject({
      configName: 'Amy',
      name: 'Amy',
      phone: '+15550199999',
      llm: 'grok',
      rolePrompts: ['Companion'],
      disabled: true,
      configDir: join(root, 'mine'),
      file: join(root, 'mine', 'agents', 'Amy.md'),
    });
    expect(report.prompts).toEqual(['Companion', 'Instructions']);
    expect(report.media).toEqual({
      records: 3,
      byKind: { photo: 1, sticker: 2, gif: 0, animation: 0, video: 0, audio: 0, document: 0 },
    });
    expect(report.errors).toEqual([]);
    expect(report.warnings).toEqual([
      {
        file: join(root, 'mine', 'agents', 'Bo.md'),
        line: 15,
        message: expect.stringContaining('Typing Speed'),
      },
    ]);
  });

  it('exits 1 and lists the errors when there are any', async () => {
    const root = await trees.create({ 'mine/agents/Bad.md': '# Agent Name\n\nBad\n' });
    const text = await run(['--config-path', join(root, 'mine')]);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain(
      `${join(root, 'mine', 'agents', 'Bad.md')}: error: Missing required section "# Agent Phone"`,
    );
    expect(text.stdout).toContain('error: No config directory has prompts/Instructions.md');
    const json = await run(['--config-path', join(root, 'mine'), '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout).errors).toHaveLength(3);
  });

  it('reads the config path from the environment, then the defaults', async () => {
    const root = await goodTree();
    const fromEnv = await run(['--json'], { TROUPE_CONFIG_PATH: `${root}/mine:${root}/shared` });
    expect(JSON.parse(fromEnv.stdout).configPathSource).toBe('TROUPE_CONFIG_PATH');
    const fromDefaults = await run(['--json'], {}, [join(root, 'mine'), join(root, 'shared')]);
    expect(JSON.parse(fromDefaults.stdout)).toMatchObject({
      configPathSource: 'default',
      configPath: [join(root, 'mine'), join(root, 'shared')],
    });
  });

  it.each([[['--verbose']], [['extra-argument']], [['--config-path']], [['--config-path', ' : ']]])(
    'rejects %j with usage on stderr and exit 2',
    async (args) => {
      const { code, stdout, stderr } = await run(args);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toContain('Usage: troupe check-config');
    },
  );

  it('prints usage for --help', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('--config-path DIRS');
  });
});
