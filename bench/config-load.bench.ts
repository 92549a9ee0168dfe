import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'vitest';
import { loadConfig, parseAgentMarkdown } from '../src/main/config';
import { writeLargeConfigDir } from './fixtures';

const dir = writeLargeConfigDir(200, 500);
const agentFile = join(dir, 'agents', 'Agent0.md');
const agentText = readFileSync(agentFile, 'utf8');

test('configuration loading', async ({ bench }) => {
  await bench('loadConfig: 200 agents, 500 curated media records', async () => {
    await loadConfig([dir]);
  }).run();
  await bench('parseAgentMarkdown: one 5 kB agent file', () => {
    parseAgentMarkdown(agentText, { configName: 'Agent0', configDir: dir, file: agentFile });
  }).run();
});
