import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shippedConfigDirs } from '../../../src/main/config/config-path';
import { loadConfig } from '../../../src/main/config/load-config';
import { PromptLibrary } from '../../../src/main/config/prompts';
import { extractSchemaTasks } from '../../../src/main/config/schema-tasks';

const repoRoot = resolve(import.meta.dirname, '../../..');

describe('the shipped samples and configdir', () => {
  it('load with no problems', async () => {
    const config = await loadConfig(shippedConfigDirs(repoRoot));
    expect(config.problems).toEqual([]);
    expect(config.agents.map((agent) => agent.configName)).toEqual(['Juniper', 'LanternKeeper', 'Marnie']);
    expect(config.agents.every((agent) => agent.disabled)).toBe(true);
    expect(config.defaultAgentTemplate).toMatchObject({
      name: 'New Agent',
      disabled: true,
      rolePrompts: ['Task-Memory'],
    });
  });

  it('show each sample the features it is meant to demonstrate', async () => {
    const config = await loadConfig(shippedConfigDirs(repoRoot));
    const byName = new Map(config.agents.map((agent) => [agent.configName, agent]));
    expect(byName.get('Juniper')).toMatchObject({
      timezone: 'Europe/Dublin',
      startTypingDelay: 3,
      typingSpeed: 7,
      rolePrompts: ['Task-Memory', 'Task-Plan', 'Companion'],
    });
    expect(byName.get('Marnie')).toMatchObject({
      gagged: false,
      stickerSets: ['HotCherry'],
      rolePrompts: ['Task-Memory', 'GroupMember'],
    });
    expect(byName.get('LanternKeeper')).toMatchObject({
      resetContextOnFirstMessage: true,
      rolePrompts: ['Narrator'],
    });
    expect(byName.get('LanternKeeper')?.instructions).toContain('## Start Of Conversation');
  });

  it('declare the task kinds of each capability prompt', async () => {
    const library = new PromptLibrary(shippedConfigDirs(repoRoot));
    expect(extractSchemaTasks(await library.load('Instructions'))).toEqual([
      'block',
      'react',
      'send',
      'send_media',
      'sticker',
      'think',
      'unblock',
      'wait',
    ]);
    expect(extractSchemaTasks(await library.load('Task-Memory'))).toEqual(['note', 'remember']);
    expect(extractSchemaTasks(await library.load('Task-Plan'))).toEqual(['intend', 'plan']);
    expect(extractSchemaTasks(await library.load('Task-XSend'))).toEqual(['xsend']);
    expect(extractSchemaTasks(await library.load('Companion'))).toEqual([]);
  });
});
