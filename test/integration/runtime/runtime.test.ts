import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RuntimeHandle } from '../../../src/main/runtime/types';
import type { EventName } from '../../../src/shared/api';
import { startTestRuntime } from '../../support/runtime';

const INSTRUCTIONS = '<!-- SCHEMA_TASKS: send, think -->\nAnswer with a JSON array of tasks.';

function agentFile(name: string, extra = ''): string {
  return `# Agent Name\n\n${name}\n\n# Agent Phone\n\n+15550000001\n\n# Agent Instructions\n\nBe ${name}.\n\n# Role Prompt\n\nFriendly\n${extra}`;
}

function writeConfigDir(root: string): string {
  const dir = join(root, 'config');
  mkdirSync(join(dir, 'agents'), { recursive: true });
  mkdirSync(join(dir, 'prompts'), { recursive: true });
  writeFileSync(join(dir, 'prompts', 'Instructions.md'), INSTRUCTIONS);
  writeFileSync(join(dir, 'prompts', 'Friendly.md'), 'Be warm.');
  writeFileSync(join(dir, 'agents', 'Ada.md'), agentFile('Ada', '\n# LLM\n\ngemini-2.5-flash\n'));
  return dir;
}

async function call(runtime: RuntimeHandle, method: string, input: unknown = {}) {
  const outcome = await runtime.dispatch(method, input);
  if (!outcome.ok) throw new Error(`${method}: ${outcome.error.code}: ${outcome.error.message}`);
  return outcome.result as Record<string, unknown>;
}

function nextEvent(runtime: RuntimeHandle, name: EventName, timeoutMs = 10_000): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${name} event within ${timeoutMs} ms`)), timeoutMs);
    const stop = runtime.events.subscribe((eventName, payload) => {
      if (eventName !== name) return;
      clearTimeout(timer);
      stop();
      resolve(payload);
    });
  });
}

describe('runtime', () => {
  let root: string;
  let stateDir: string;
  let configDir: string;
  let runtime: RuntimeHandle;

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'troupe-runtime-'));
    stateDir = join(root, 'state');
    mkdirSync(stateDir);
    configDir = writeConfigDir(root);
    runtime = await startTestRuntime({ stateDir, configDirs: [configDir] });
  });

  afterEach(async () => {
    await runtime.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('reports app info with the config path and where it came from', async () => {
    const info = await call(runtime, 'app.info');
    expect(info).toMatchObject({
      name: 'Troupe',
      version: '1.2.3',
      mode: 'server',
      stateDir,
      configPath: [configDir],
      configPathSource: '--config-path',
    });
  });

  it('reports the base URLs and secrets the environment supplies in place of Settings', async () => {
    await runtime.close();
    runtime = await startTestRuntime({
      stateDir,
      configDirs: [configDir],
      env: { OPENAI_BASE_URL: ' http://127.0.0.1:9/v1 ', OPENROUTER_API_KEY: 'or-key' },
    });
    const info = await call(runtime, 'app.info');
    expect(info.environmentBaseUrls).toEqual([
      { provider: 'openai', variable: 'OPENAI_BASE_URL', url: 'http://127.0.0.1:9/v1' },
    ]);
    const { secrets } = (await call(runtime, 'secrets.status')) as {
      secrets: { name: string; isSet: boolean; environmentVariable: string | null }[];
    };
    expect(secrets.find((secret) => secret.name === 'openrouter.apiKey')).toMatchObject({
      isSet: false,
      environmentVariable: 'OPENROUTER_API_KEY',
    });
    expect(secrets.filter((secret) => secret.environmentVariable !== null)).toHaveLength(1);
  });

  it('lists agents with their runtime state and gives one agent in detail', async () => {
    const list = await call(runtime, 'agents.list');
    const agents = list.agents as {
      config: { configName: string; llm: string };
      runtime: { enabled: boolean };
    }[];
    expect(agents.map((agent) => agent.config.configName)).toEqual(['Ada']);
    expect(agents[0]?.config.llm).toBe('gemini-2.5-flash');
    expect(agents[0]?.runtime).toMatchObject({ configName: 'Ada', enabled: true, loginState: 'logged-out' });

    const detail = await call(runtime, 'agents.get', { configName: 'Ada' });
    expect(detail.rolePrompts).toEqual([{ name: 'Friendly', dir: configDir }]);
    expect(detail.problems).toEqual([]);
  });

  it('answers an unknown agent with not_found and bad input with invalid_input', async () => {
    const missing = await runtime.dispatch('agents.get', { configName: 'Nobody' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found' } });
    const extra = await runtime.dispatch('agents.get', { configName: 'Ada', surprise: 1 });
    expect(extra).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const unknown = await runtime.dispatch('agents.explode', {});
    expect(unknown).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('reloads when an agent file changes on disk and announces it', async () => {
    const reloaded = nextEvent(runtime, 'config.reloaded');
    writeFileSync(join(configDir, 'agents', 'Bea.md'), agentFile('Bea'));
    const report = (await reloaded) as { agentCount: number };
    expect(report.agentCount).toBe(2);
    const list = await call(runtime, 'agents.list');
    expect((list.agents as unknown[]).length).toBe(2);
  });

  it('keeps loading the good agents when one file is broken, and locates the error', async () => {
    const reloaded = nextEvent(runtime, 'config.reloaded');
    writeFileSync(join(configDir, 'agents', 'Broken.md'), '# Agent Name\n\nBroken\n');
    await reloaded;
    const list = await call(runtime, 'agents.list');
    expect((list.agents as { config: { configName: string } }[]).map((a) => a.config.configName)).toEqual([
      'Ada',
    ]);
    const problems = list.problems as { severity: string; file: string; line: number | null }[];
    expect(problems.some((p) => p.severity === 'error' && p.file.endsWith('Broken.md'))).toBe(true);
  });

  it('stores secrets encrypted, reports status only, and emits a change event', async () => {
    const changed = nextEvent(runtime, 'secrets.changed');
    const status = await call(runtime, 'secrets.set', {
      name: 'gemini.apiKey',
      value: 'sk-plaintext-canary-42',
    });
    expect(status).toMatchObject({ name: 'gemini.apiKey', isSet: true });
    await changed;
    const all = (await call(runtime, 'secrets.status')).secrets as { name: string; isSet: boolean }[];
    expect(all.find((s) => s.name === 'gemini.apiKey')?.isSet).toBe(true);
    expect(JSON.stringify(all)).not.toContain('canary');

    await runtime.close();
    for (const file of readdirSync(stateDir, { recursive: true }) as string[]) {
      const path = join(stateDir, file);
      if (statSync(path).isFile()) expect(readFileSync(path).includes('sk-plaintext-canary-42')).toBe(false);
    }
    runtime = await startTestRuntime({ stateDir, configDirs: [configDir] });
    // A blank value is refused on its field, never taken as a clear.
    const blank = await runtime.dispatch('secrets.set', { name: 'gemini.apiKey', value: '   ' });
    expect(blank).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(JSON.stringify(blank)).toContain('Enter a value, or use Clear.');
    expect((await call(runtime, 'secrets.status')).secrets).toContainEqual(
      expect.objectContaining({ name: 'gemini.apiKey', isSet: true }),
    );
    const cleared = await call(runtime, 'secrets.clear', { name: 'gemini.apiKey' });
    expect(cleared).toMatchObject({ isSet: false, updatedAt: null });
  });

  it('validates settings and keeps them', async () => {
    const bad = await runtime.dispatch('settings.update', { llmBaseUrls: { openai: 'ftp://example' } });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input' } });

    const updated = await call(runtime, 'settings.update', {
      llmBaseUrls: { ollama: 'http://127.0.0.1:11434/v1' },
    });
    expect((updated.llmBaseUrls as Record<string, string>).ollama).toBe('http://127.0.0.1:11434/v1');
    expect((await call(runtime, 'settings.get')).llmBaseUrls).toEqual(updated.llmBaseUrls);
  });

  it('switches to the config path saved in settings when nothing with higher precedence is set', async () => {
    await runtime.close();
    runtime = await startTestRuntime({ stateDir, appRoot: join(root, 'nowhere') });
    const before = await call(runtime, 'agents.list');
    expect(before.agents).toEqual([]);
    expect((before.problems as { severity: string }[]).some((p) => p.severity === 'error')).toBe(true);

    // A directory that cannot be one is refused on its row, and nothing is saved.
    const file = join(configDir, 'agents', readdirSync(join(configDir, 'agents'))[0]!);
    const refused = await runtime.dispatch('settings.update', {
      configPath: [configDir, 'agents', join(root, 'not-there'), file, '~/agents'],
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(refused.ok ? [] : refused.error.issues).toEqual([
      {
        path: 'configPath.1',
        message: expect.stringContaining('a relative one depends on where Troupe was started'),
      },
      { path: 'configPath.2', message: 'There is no directory here. Create it first, or check the path.' },
      { path: 'configPath.3', message: 'This is a file, not a directory.' },
      { path: 'configPath.4', message: 'Write the whole path: ~ is not expanded here.' },
    ]);
    expect((await call(runtime, 'settings.get')).configPath).toEqual([]);

    const reloaded = nextEvent(runtime, 'config.reloaded');
    await call(runtime, 'settings.update', { configPath: [configDir] });
    expect(((await reloaded) as { agentCount: number }).agentCount).toBe(1);
    expect(await call(runtime, 'app.info')).toMatchObject({
      configPath: [configDir],
      configPathSource: 'settings',
    });
  });
});
