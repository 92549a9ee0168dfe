import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConversationRuntimeHandle } from '../../../src/main/runtime/types';
import { AGENT_NAME_COLUMNS } from '../../../src/main/store';
import type { AgentSummary } from '../../../src/shared/api/contract';
import { agentFile, callApi, startEngineRuntime } from '../../support/engine-harness';
import { type FakeLlmServer, startFakeLlmServer } from '../../support/fake-llm-server';
import { withRawDatabase } from '../../support/raw-database';

const TEMPLATE = `# Agent Name\n\nUntitled\n\n# Agent Phone\n\n+15550000099\n\n# Role Prompt\n\nPerson\n\n# Agent Timezone\n\nEurope/Paris\n\n# Agent Instructions\n\nBe someone new.\n`;

describe('agents created, renamed, moved and deleted through the API', () => {
  let root: string;
  let first: string;
  let second: string;
  let llm: FakeLlmServer;
  let runtime: ConversationRuntimeHandle;

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'troupe-agent-lifecycle-'));
    first = join(root, 'config');
    second = join(root, 'second');
    // The second directory has prompts but no agents/ folder yet.
    mkdirSync(join(second, 'prompts'), { recursive: true });
    mkdirSync(first, { recursive: true });
    writeFileSync(join(first, 'DefaultAgent.md'), TEMPLATE);
    llm = await startFakeLlmServer();
    runtime = await startEngineRuntime({
      root,
      geminiBaseUrl: llm.geminiBaseUrl,
      agentFiles: { Bea: agentFile('Bea') },
      moreConfigDirs: [second],
    });
  });

  afterEach(async () => {
    await runtime.close();
    await llm.close();
    rmSync(root, { recursive: true, force: true });
  });

  const call = (method: string, input: unknown) => runtime.dispatch(method, input);
  const listed = async () =>
    ((await callApi(runtime, 'agents.list')).agents as AgentSummary[]).map(
      (agent) => agent.config.configName,
    );
  const rowsOf = (agent: string) =>
    withRawDatabase(join(root, 'state', 'troupe.db'), (db) =>
      Object.fromEntries(
        AGENT_NAME_COLUMNS.map(({ table, column }) => [
          table,
          (db.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${column} = ?`).get(agent) as { n: number })
            .n,
        ]).filter(([, count]) => count !== 0),
      ),
    );
  const disable = (configName: string) =>
    callApi(runtime, 'telegram.setEnabled', { configName, enabled: false });

  /** Ada's state in several tables: a Playground chat, a memory, a spending limit, a Telegram login and a ledger row. */
  async function seedAda() {
    runtime.simulator.createChat('Ada', { kind: 'direct', people: [{ firstName: 'Pat' }] });
    await callApi(runtime, 'memory.putEntry', {
      list: { agent: 'Ada', network: 'simulator', scope: 'memory' },
      entry: { content: 'Likes tea' },
    });
    await callApi(runtime, 'copilot.updateAgentSettings', { agent: 'Ada', dailyLimitUsd: 3 });
    withRawDatabase(join(root, 'state', 'troupe.db'), (db) => {
      db.prepare(
        `INSERT INTO telegram_sessions (config_name, server_scope, session_blob, user_json, updated_at)
         VALUES ('Ada', 'production', x'00', '{"id":42,"name":"Ada","username":null,"phone":null,"premium":false}', '2026-03-01')`,
      ).run();
      db.prepare(
        `INSERT INTO task_log (timestamp, agent_config_name, action_kind, details_json)
         VALUES ('2026-03-01T10:00:00.000Z', 'Ada', 'llm_usage', '{"cost_usd":0.01}')`,
      ).run();
    });
    mkdirSync(join(first, 'agents', 'Ada', 'docs'), { recursive: true });
    writeFileSync(join(first, 'agents', 'Ada', 'docs', 'notes.md'), 'Ada’s notes');
  }

  it('creates an agent from the template: the file written, disabled, and listed at once', async () => {
    const defaults = await callApi(runtime, 'agents.newAgentDefaults');
    expect(defaults).toMatchObject({
      configDirs: [first, second],
      templateFile: join(first, 'DefaultAgent.md'),
      fields: { name: 'Untitled', rolePrompts: ['Person'], timezone: 'Europe/Paris', disabled: true },
    });
    const fields = { ...(defaults.fields as object), name: 'Cyd', instructions: 'Be Cyd.' };
    const created = await callApi(runtime, 'agents.create', { configDir: second, configName: 'Cyd', fields });
    expect(created).toEqual({ configName: 'Cyd' });
    expect(readFileSync(join(second, 'agents', 'Cyd.md'), 'utf8')).toBe(
      '# Agent Name\n\nCyd\n\n# Agent Phone\n\n+15550000099\n\n# Agent Timezone\n\nEurope/Paris\n\n' +
        '# Role Prompt\n\nPerson\n\n# Agent Instructions\n\nBe Cyd.\n\n# Disabled\n',
    );
    expect(await listed()).toContain('Cyd');
    const detail = await callApi(runtime, 'agents.get', { configName: 'Cyd' });
    expect(detail.config).toMatchObject({ configDir: second, disabled: true, name: 'Cyd' });
  });

  it('refuses a taken, malformed or reserved config name, a taken display name and an unknown directory, writing nothing', async () => {
    const fields = (await callApi(runtime, 'agents.newAgentDefaults')).fields as Record<string, unknown>;
    const refused = async (input: Record<string, unknown>, path: string, message: RegExp) =>
      expect(
        await call('agents.create', { configDir: first, configName: 'Cyd', fields, ...input }),
      ).toMatchObject({
        ok: false,
        error: { code: 'invalid_input', issues: [{ path, message: expect.stringMatching(message) }] },
      });
    await refused({ configName: 'ada' }, 'configName', /already an agent named Ada/);
    await refused({ configName: 'Cyd Two' }, 'configName', /letters, digits/);
    await refused({ configName: 'media' }, 'configName', /reserved/);
    await refused({ fields: { ...fields, name: 'Bea' } }, 'fields.name', /already called "Bea"/);
    await refused({ fields: { ...fields, timezone: 'Mars/Olympus' } }, 'fields.timezone', /IANA/);
    await refused(
      { configDir: join(root, 'elsewhere') },
      'configDir',
      /not one of the loaded config directories/,
    );
    expect(existsSync(join(first, 'agents', 'Cyd.md'))).toBe(false);
  });

  it('renames a disabled agent: its file, its folder and every row of its state', async () => {
    await seedAda();
    const before = rowsOf('Ada');
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining([
        'sim_chats',
        'sim_people',
        'memory_entries',
        'agent_steering',
        'telegram_sessions',
        'task_log',
      ]),
    );
    expect(await call('agents.rename', { configName: 'Ada', newConfigName: 'Ada_2' })).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: /Ada is enabled; switch off its Enabled switch/ },
    });

    await disable('Ada');
    const withState = rowsOf('Ada');
    expect(await callApi(runtime, 'agents.rename', { configName: 'Ada', newConfigName: 'Ada_2' })).toEqual({
      configName: 'Ada_2',
    });

    expect(existsSync(join(first, 'agents', 'Ada.md'))).toBe(false);
    expect(readFileSync(join(first, 'agents', 'Ada_2.md'), 'utf8')).toBe(agentFile('Ada'));
    expect(readFileSync(join(first, 'agents', 'Ada_2', 'docs', 'notes.md'), 'utf8')).toBe('Ada’s notes');
    expect(rowsOf('Ada')).toEqual({});
    expect(rowsOf('Ada_2')).toEqual(withState);
    expect(await listed()).toEqual(expect.arrayContaining(['Ada_2', 'Bea']));
    expect(await listed()).not.toContain('Ada');
    const memory = await callApi(runtime, 'memory.entries', {
      agent: 'Ada_2',
      network: 'simulator',
      scope: 'memory',
    });
    expect(memory.entries).toMatchObject([{ content: 'Likes tea' }]);
    expect(await callApi(runtime, 'agents.get', { configName: 'Ada_2' })).toMatchObject({
      runtime: { enabled: false },
    });
    expect((await call('agents.get', { configName: 'Ada' })).ok).toBe(false);
  });

  it('refuses a rename onto another agent’s name or onto state an earlier agent left, moving nothing', async () => {
    await disable('Ada');
    expect(await call('agents.rename', { configName: 'Ada', newConfigName: 'BEA' })).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        issues: [{ path: 'newConfigName', message: /already an agent named Bea/ }],
      },
    });
    withRawDatabase(join(root, 'state', 'troupe.db'), (db) =>
      db
        .prepare(
          `INSERT INTO task_log (timestamp, agent_config_name, action_kind, details_json) VALUES ('2026-03-01', 'Gone', 'send', '{}')`,
        )
        .run(),
    );
    expect(await call('agents.rename', { configName: 'Ada', newConfigName: 'Gone' })).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        issues: [{ path: 'newConfigName', message: /earlier agent named "Gone" \(task_log\)/ }],
      },
    });
    expect(existsSync(join(first, 'agents', 'Ada.md'))).toBe(true);
  });

  it('puts the files back when the agent turns out to be working in the Playground', async () => {
    await seedAda();
    await disable('Ada');
    // The Playground rehearses a disabled agent too: a turn that never gets its answer keeps it busy.
    const { chat, people } = runtime.simulator.createChat('Ada', {
      kind: 'direct',
      people: [{ firstName: 'Kim' }],
    });
    llm.hang();
    runtime.simulator.sendAsPerson('Ada', chat.channelId, people[0]!.id, { text: 'hello' });
    await expect.poll(() => llm.requestCount, { timeout: 10_000 }).toBeGreaterThan(0);
    const rows = rowsOf('Ada');

    expect(await call('agents.rename', { configName: 'Ada', newConfigName: 'Ada_2' })).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: /working in a conversation right now/ },
    });
    expect(existsSync(join(first, 'agents', 'Ada.md'))).toBe(true);
    expect(existsSync(join(first, 'agents', 'Ada', 'docs', 'notes.md'))).toBe(true);
    expect(existsSync(join(first, 'agents', 'Ada_2.md'))).toBe(false);
    expect(rowsOf('Ada')).toEqual(rows);
    expect(rowsOf('Ada_2')).toEqual({});
  });

  it('moves a disabled agent to another config directory, unless one there has its name', async () => {
    await seedAda();
    await disable('Ada');
    mkdirSync(join(second, 'agents'));
    writeFileSync(join(second, 'agents', 'Ada.md'), 'not an agent yet');
    expect(await call('agents.move', { configName: 'Ada', configDir: second })).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        issues: [{ path: 'configDir', message: /already has an agent named Ada/ }],
      },
    });
    expect(existsSync(join(first, 'agents', 'Ada.md'))).toBe(true);

    rmSync(join(second, 'agents', 'Ada.md'));
    const rows = rowsOf('Ada');
    expect(await callApi(runtime, 'agents.move', { configName: 'Ada', configDir: second })).toEqual({
      configName: 'Ada',
    });
    expect(readFileSync(join(second, 'agents', 'Ada.md'), 'utf8')).toBe(agentFile('Ada'));
    expect(readFileSync(join(second, 'agents', 'Ada', 'docs', 'notes.md'), 'utf8')).toBe('Ada’s notes');
    expect(existsSync(join(first, 'agents', 'Ada'))).toBe(false);
    expect(rowsOf('Ada')).toEqual(rows);
    expect((await callApi(runtime, 'agents.get', { configName: 'Ada' })).config).toMatchObject({
      configDir: second,
    });
  });

  it('deletes a disabled agent only with the typed confirmation: file, folder and state', async () => {
    await seedAda();
    expect(await call('agents.delete', { configName: 'Ada', confirmation: 'DELETE Ada' })).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: /Ada is enabled/ },
    });
    await disable('Ada');
    for (const confirmation of ['', 'delete Ada', 'DELETE Bea']) {
      expect(await call('agents.delete', { configName: 'Ada', confirmation })).toMatchObject({
        ok: false,
        error: {
          code: 'invalid_input',
          issues: [{ path: 'confirmation', message: 'Type "DELETE Ada" to confirm.' }],
        },
      });
    }
    expect(existsSync(join(first, 'agents', 'Ada.md'))).toBe(true);
    const bea = rowsOf('Bea');

    expect(
      await callApi(runtime, 'agents.delete', { configName: 'Ada', confirmation: 'DELETE Ada' }),
    ).toEqual({
      configName: 'Ada',
    });
    expect(existsSync(join(first, 'agents', 'Ada.md'))).toBe(false);
    expect(existsSync(join(first, 'agents', 'Ada'))).toBe(false);
    expect(rowsOf('Ada')).toEqual({});
    expect(rowsOf('Bea')).toEqual(bea);
    expect(await listed()).toEqual(['Bea']);
  });
});
