import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/main/logging';
import type { RuntimeHandle } from '../../../src/main/runtime/types';
import { DATABASE_FILE_NAME, openStore } from '../../../src/main/store';
import type { AgentRuntimeState } from '../../../src/shared/domain/agent-runtime';
import type { TelegramAccountView } from '../../../src/shared/domain/telegram';
import {
  FAKE_API_HASH,
  FAKE_API_ID,
  type FakeTelegram,
  type FakeUser,
  startFakeTelegram,
  waitFor,
} from '../../support/fake-telegram';
import { startTestRuntime } from '../../support/runtime';

const TEST_TIMEOUT_MS = 30_000;

function agentFile(name: string, phone: string, extra = ''): string {
  return `# Agent Name\n\n${name}\n\n# Agent Phone\n\n${phone}\n\n# Agent Instructions\n\nBe ${name}.\n\n# Role Prompt\n\nFriendly\n${extra}`;
}

/**
 * The runtime's Telegram accounts against the fake MTProto server: login through the API,
 * enable and disable, log out, sessions that survive a restart, revoked sessions.
 */
describe('Telegram accounts in the runtime', () => {
  let root: string;
  let stateDir: string;
  let configDir: string;
  let fake: FakeTelegram;
  let ada: FakeUser;
  let bo: FakeUser;
  let runtime: RuntimeHandle | null = null;

  async function call<T = Record<string, unknown>>(method: string, input: unknown = {}): Promise<T> {
    const outcome = await runtime!.dispatch(method, input);
    if (!outcome.ok) throw new Error(`${method}: ${outcome.error.code}: ${outcome.error.message}`);
    return outcome.result as T;
  }

  async function account(configName: string): Promise<TelegramAccountView> {
    const { accounts } = await call<{ accounts: TelegramAccountView[] }>('telegram.accounts');
    const found = accounts.find((view) => view.configName === configName);
    if (!found) throw new Error(`no account view for ${configName}`);
    return found;
  }

  async function runtimeState(configName: string): Promise<AgentRuntimeState> {
    const { agents } = await call<{ agents: { runtime: AgentRuntimeState }[] }>('agents.list');
    const found = agents.find((agent) => agent.runtime.configName === configName);
    if (!found) throw new Error(`no agent ${configName}`);
    return found.runtime;
  }

  async function waitForConnection(configName: string, connection: TelegramAccountView['connection']) {
    let last: TelegramAccountView | null = null;
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      last = await account(configName);
      if (last.connection === connection) return last;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`${configName} did not become ${connection}; last ${JSON.stringify(last)}`);
  }

  async function start(): Promise<void> {
    runtime = await startTestRuntime({
      stateDir,
      configDirs: [configDir],
      env: {
        TROUPE_TELEGRAM_DC: `${fake.host}:${fake.port}`,
        TROUPE_TELEGRAM_DC_ID: String(fake.dcId),
        TROUPE_TELEGRAM_RSA_KEY: join(root, 'server.pem'),
      },
    });
  }

  async function setApiCredentials(): Promise<void> {
    await call('secrets.set', { name: 'telegram.apiId', value: String(FAKE_API_ID) });
    await call('secrets.set', { name: 'telegram.apiHash', value: FAKE_API_HASH });
  }

  async function logIn(configName: string, user: FakeUser): Promise<void> {
    await call('telegram.login.start', { configName, phone: user.phone });
    const step = await call('telegram.login.code', { configName, code: fake.lastCodeFor(user.phone) });
    expect(step).toMatchObject({ step: 'done', user: { id: Number(user.id) } });
  }

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'troupe-telegram-runtime-'));
    stateDir = join(root, 'state');
    configDir = join(root, 'config');
    mkdirSync(stateDir);
    mkdirSync(join(configDir, 'agents'), { recursive: true });
    mkdirSync(join(configDir, 'prompts'), { recursive: true });
    writeFileSync(join(configDir, 'prompts', 'Instructions.md'), 'Answer with a JSON array of tasks.');
    writeFileSync(join(configDir, 'prompts', 'Friendly.md'), 'Be warm.');
    writeFileSync(join(configDir, 'agents', 'Ada.md'), agentFile('Ada', '+15550000001'));
    writeFileSync(join(configDir, 'agents', 'Bo.md'), agentFile('Bo', '+15550000002'));
    writeFileSync(join(configDir, 'agents', 'Cy.md'), agentFile('Cy', '+15550000003', '\n# Disabled\n'));
    fake = await startFakeTelegram({ log: () => {} });
    writeFileSync(join(root, 'server.pem'), fake.rsaPublicKeyPem);
    ada = fake.createUser({ phone: '+15550000001', firstName: 'Ada', username: 'ada_agent' });
    bo = fake.createUser({ phone: '+15550000002', firstName: 'Bo', username: 'bo_agent' });
    await start();
  });

  afterEach(async () => {
    await runtime?.close();
    runtime = null;
    await fake.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('says what is missing before the API id and hash are set', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { server } = await call<{ server: { label: string; source: string } }>('telegram.accounts');
    expect(server).toEqual({ mode: 'custom', label: `${fake.host}:${fake.port}`, source: 'environment' });
    const outcome = await runtime!.dispatch('telegram.login.start', { configName: 'Ada', phone: ada.phone });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.error.code).toBe('unavailable');
      expect(outcome.error.message).toMatch(/API id and API hash/);
    }
  });

  it('logs in, connects, writes the id back, and reconnects after a restart', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    await setApiCredentials();
    expect((await account('Ada')).connection).toBe('logged-out');

    await logIn('Ada', ada);
    const connected = await waitForConnection('Ada', 'connected');
    expect(connected.user).toMatchObject({ id: Number(ada.id), username: 'ada_agent' });
    expect(readFileSync(join(configDir, 'agents', 'Ada.md'), 'utf8')).toContain(`# Telegram ID\n\n${ada.id}`);
    // The session is stored encrypted: its text is nowhere in the state directory.
    expect(fake.sessionCount(ada.id)).toBe(1);

    await runtime!.close();
    runtime = null;
    await waitFor(() => fake.sessionCount(ada.id) === 0, 5_000, 'the client going away');
    await start();
    await waitForConnection('Ada', 'connected');
    expect((await account('Bo')).connection).toBe('logged-out');
  });

  it('disconnects a disabled agent and connects it again when enabled', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    await setApiCredentials();
    await logIn('Ada', ada);
    await waitForConnection('Ada', 'connected');

    const off = await call<TelegramAccountView>('telegram.setEnabled', { configName: 'Ada', enabled: false });
    expect(off).toMatchObject({ enabled: false, connection: 'disabled', user: { id: Number(ada.id) } });
    await waitFor(() => fake.sessionCount(ada.id) === 0, 5_000, 'the disconnect');

    await call('telegram.setEnabled', { configName: 'Ada', enabled: true });
    await waitForConnection('Ada', 'connected');

    expect((await account('Cy')).connection).toBe('disabled');
    const refused = await runtime!.dispatch('telegram.setEnabled', { configName: 'Cy', enabled: true });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toMatch(/Disabled/);
  });

  it('announces what it keeps of an agent as it changes: enabled, logged in, logged out', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const heard: AgentRuntimeState[] = [];
    runtime!.events.subscribe((name, payload) => {
      if (name === 'agent.stateChanged') heard.push(payload as AgentRuntimeState);
    });
    await setApiCredentials();
    await logIn('Ada', ada);
    await waitForConnection('Ada', 'connected');
    await call('telegram.setEnabled', { configName: 'Ada', enabled: false });
    await call('telegram.setEnabled', { configName: 'Ada', enabled: true });
    await waitForConnection('Ada', 'connected');
    await call('telegram.logout', { configName: 'Ada' });

    const said = heard.map(({ configName, enabled, loginState, telegramId }) => ({
      configName,
      enabled,
      loginState,
      telegramId,
    }));
    const id = Number(ada.id);
    expect(said).toEqual([
      { configName: 'Ada', enabled: true, loginState: 'logged-in', telegramId: id },
      { configName: 'Ada', enabled: false, loginState: 'logged-in', telegramId: id },
      { configName: 'Ada', enabled: true, loginState: 'logged-in', telegramId: id },
      { configName: 'Ada', enabled: true, loginState: 'logged-out', telegramId: id },
    ]);
    expect(await runtimeState('Ada')).toMatchObject(heard.at(-1)!);
  });

  it('counts a session another process saved (a terminal login) as logged in once it connects', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    await setApiCredentials();
    await logIn('Ada', ada);
    await waitForConnection('Ada', 'connected');
    await runtime!.close();
    runtime = null;
    // What a login that saved only the session leaves: the runtime's own record says logged out.
    const store = openStore({
      file: join(stateDir, DATABASE_FILE_NAME),
      logger: createLogger({ level: 'silent' }),
    });
    store.agentState.update('Ada', { loginState: 'logged-out', telegramId: null });
    store.close();

    await start();
    await waitForConnection('Ada', 'connected');
    expect(await runtimeState('Ada')).toMatchObject({ loginState: 'logged-in', telegramId: Number(ada.id) });
  });

  it('announces an account view an edited agent file changes, with no connection changing', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const heard: TelegramAccountView[] = [];
    runtime!.events.subscribe((name, payload) => {
      if (name === 'telegram.accountChanged') heard.push(payload as TelegramAccountView);
    });
    expect((await account('Cy')).connection).toBe('disabled');
    // Cy's Disabled section goes, by hand: the console hears Cy is now merely logged out.
    writeFileSync(join(configDir, 'agents', 'Cy.md'), agentFile('Cy', '+15550000003'));
    await waitFor(
      () => heard.some((view) => view.configName === 'Cy' && view.connection === 'logged-out'),
      10_000,
      "Cy's account view after the edit",
    );
    // Nothing else changed, so nothing else was said.
    expect(heard.filter((view) => view.configName !== 'Cy')).toEqual([]);
  });

  it('logs out, and marks a revoked session logged out without touching the others', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    await setApiCredentials();
    await logIn('Ada', ada);
    await logIn('Bo', bo);
    await waitForConnection('Ada', 'connected');
    await waitForConnection('Bo', 'connected');

    fake.revokeSession(bo.id);
    // The next call on Bo's account finds out.
    await runtime!.dispatch('telegram.setEnabled', { configName: 'Bo', enabled: true });
    fake.userSays(ada.id, bo.id, 'are you there?');
    await waitForConnection('Bo', 'logged-out');
    expect((await account('Ada')).connection).toBe('connected');

    const loggedOut = await call<TelegramAccountView>('telegram.logout', { configName: 'Ada' });
    expect(loggedOut).toMatchObject({ connection: 'logged-out', user: null });
    await runtime!.close();
    runtime = null;
    await start();
    expect((await account('Ada')).connection).toBe('logged-out');
  });
});
