import { truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCheckConfig } from '../../../src/main/cli/check-config';
import {
  ConfigFileTooLargeError,
  loadConfig,
  MAX_CONFIG_TEXT_BYTES,
  readDocument,
} from '../../../src/main/config';
import { PromptLibrary } from '../../../src/main/config/prompts';
import { agentFile, tempTreesCleanedAfterEach } from './temp-tree';

const trees = tempTreesCleanedAfterEach();
const MB = 1024 * 1024;

/** A config tree whose `oversized` file is made `size` bytes long without writing them (sparse). */
async function treeWithOversized(oversized: string, size: number) {
  const root = await trees.create({
    'agents/Amy.md': agentFile('Amy', '\n# Role Prompt\n\nCompanion\n'),
    'agents/Huge.md': agentFile('Huge'),
    'prompts/Instructions.md': 'Reply in JSON.',
    'prompts/Companion.md': 'Be kind.',
    'docs/Notes.md': 'Shared notes.',
    'media/s1.json': JSON.stringify({ unique_id: 's1', kind: 'sticker', status: 'curated' }),
    'DefaultAgent.md': agentFile('Template'),
  });
  await truncate(join(root, oversized), size);
  return root;
}

describe('config files over the size limit', () => {
  it('refuses a 600 MB agent file with a problem naming it, its size and the limit; the others load', async () => {
    const root = await treeWithOversized('agents/Huge.md', 600 * MB);
    const config = await loadConfig([root]);
    expect(config.agents.map((agent) => agent.configName)).toEqual(['Amy']);
    expect(config.problems).toEqual([
      {
        severity: 'error',
        file: join(root, 'agents', 'Huge.md'),
        line: null,
        message:
          'Huge.md is 600 MB, over the 1 MB limit for agent, prompt and document files, so it is not read. Shorten it, or move it out of the config directory if it is not configuration.',
      },
    ]);
  });

  it('reads a file of exactly the limit', async () => {
    const root = await treeWithOversized('agents/Huge.md', MAX_CONFIG_TEXT_BYTES);
    const config = await loadConfig([root]);
    // Padded with zero bytes past its sections, it still parses as an agent.
    expect(config.problems.filter((problem) => problem.message.includes('limit'))).toEqual([]);
  });

  it('reports an oversized prompt at load time, and a turn that needs it fails saying why', async () => {
    const root = await treeWithOversized('prompts/Companion.md', 2 * MB + 512 * 1024);
    const config = await loadConfig([root]);
    expect(config.agents.map((agent) => agent.configName)).toEqual(['Amy', 'Huge']);
    expect(config.problems).toContainEqual({
      severity: 'error',
      file: join(root, 'prompts', 'Companion.md'),
      line: null,
      message: expect.stringMatching(/^Companion\.md is 2\.5 MB, over the 1 MB limit/),
    });
    await expect(new PromptLibrary([root]).load('Companion')).rejects.toBeInstanceOf(ConfigFileTooLargeError);
    expect(await new PromptLibrary([root]).load('Instructions')).toBe('Reply in JSON.');
  });

  it('refuses an oversized new-agent template, media record and document', async () => {
    for (const [file, what] of [
      ['DefaultAgent.md', 'DefaultAgent.md is 3 MB'],
      ['media/s1.json', 's1.json is 3 MB'],
    ] as const) {
      const root = await treeWithOversized(file, 3 * MB);
      const config = await loadConfig([root]);
      expect(config.problems.map((problem) => problem.message)).toEqual([expect.stringContaining(what)]);
    }
    const root = await treeWithOversized('docs/Notes.md', 3 * MB);
    await expect(readDocument(join(root, 'docs'), 'Notes')).rejects.toThrow(
      'Notes.md is 3 MB, over the 1 MB limit',
    );
  });

  it('check-config prints the problem and exits 1', async () => {
    const root = await treeWithOversized('agents/Huge.md', 600 * MB);
    let stdout = '';
    const code = await runCheckConfig(['--config-path', root], {
      stdout: (text) => {
        stdout += text;
      },
      stderr: () => {},
      env: {},
      cwd: '/',
      defaultDirs: [],
    });
    expect(code).toBe(1);
    expect(stdout).toContain(
      `${join(root, 'agents', 'Huge.md')}: error: Huge.md is 600 MB, over the 1 MB limit`,
    );
    expect(stdout).toContain('Amy [Amy]');
  });
});
