import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentDetail } from '../../../src/shared/api/contract';
import { callApi } from '../../support/engine-harness';
import { type LlmRuntime, startLlmRuntime } from '../../support/llm-runtime';

describe('changing an agent from the console (agents.update)', () => {
  let bed: LlmRuntime;
  let file: string;

  beforeEach(async () => {
    bed = await startLlmRuntime('agent-update');
    file = join(bed.configDir, 'agents', 'Ada.md');
  });

  afterEach(() => bed.close());

  const get = async () => (await callApi(bed.runtime, 'agents.get', { configName: 'Ada' })) as AgentDetail;

  it('writes only the changed sections, answers with the agent as written, and the next turn uses it', async () => {
    const original = readFileSync(file, 'utf8');
    const { fileVersion } = await get();
    const detail = (await callApi(bed.runtime, 'agents.update', {
      configName: 'Ada',
      fileVersion,
      changes: {
        name: 'Ada Byron',
        timezone: 'Europe/London',
        typingSpeed: 12,
        instructions: 'Be Ada, a poet.',
      },
    })) as AgentDetail;
    expect(detail.config).toMatchObject({ name: 'Ada Byron', timezone: 'Europe/London', typingSpeed: 12 });
    expect(detail.fileVersion).not.toBe(fileVersion);
    const written = readFileSync(file, 'utf8');
    // Everything before the instructions stays, but for the name and the sections added.
    expect(written).toContain('# Agent Timezone\n\nEurope/London\n');
    expect(
      written.replace('Ada Byron', 'Ada').replace(/# (Agent Timezone|Typing Speed)\n\n[^\n]+\n\n/g, ''),
    ).toBe(original.replace(/Be Ada\./, 'Be Ada, a poet.'));

    // The agent's next turn reads the new instructions from the configuration at once.
    const { chat, people } = bed.runtime.simulator.createChat('Ada', {
      kind: 'direct',
      people: [{ firstName: 'Pat' }],
    });
    bed.llm.replyWith({ tasks: [{ kind: 'send', text: 'Hi!' }] });
    bed.runtime.simulator.sendAsPerson('Ada', chat.channelId, people[0]!.id, { text: 'hello' });
    await expect.poll(() => bed.llm.requests.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(bed.llm.requests[0]!.systemText).toContain('Be Ada, a poet.');
  });

  it('refuses a change made against a file edited since, and keeps the edit', async () => {
    const { fileVersion } = await get();
    const edited = `${readFileSync(file, 'utf8')}\n# Notes\n\nEdited by hand.\n`;
    writeFileSync(file, edited);
    const answer = await bed.runtime.dispatch('agents.update', {
      configName: 'Ada',
      fileVersion,
      changes: { name: 'Someone Else' },
    });
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: /changed on disk since you opened it/ },
    });
    expect(readFileSync(file, 'utf8')).toBe(edited);
  });

  it('names the field of a value it cannot write, and writes nothing', async () => {
    const before = readFileSync(file, 'utf8');
    const { fileVersion } = await get();
    const answer = await bed.runtime.dispatch('agents.update', {
      configName: 'Ada',
      fileVersion,
      changes: { timezone: 'Mars/Olympus' },
    });
    expect(answer).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        issues: [{ path: 'changes.timezone', message: '"Mars/Olympus" is not an IANA time zone.' }],
      },
    });
    const empty = await bed.runtime.dispatch('agents.update', {
      configName: 'Ada',
      fileVersion,
      changes: {},
    });
    expect(empty).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(readFileSync(file, 'utf8')).toBe(before);
  });
});
