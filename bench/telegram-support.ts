import { type ChildProcess, fork } from 'node:child_process';
import type { RuntimeHandle } from '../src/main/runtime/types';
import type { EventName } from '../src/shared/api';
import type { TelegramAccountView } from '../src/shared/domain/telegram';
import { FAKE_API_HASH, FAKE_API_ID } from '../test/support/fake-telegram';
import { startTestRuntime } from '../test/support/runtime';
import { benchAgentPhone, call, configureForBench, writeAgents } from './engine-support';
import type { FakeAnswer, FakeOperations, FakeRequest } from './telegram-fake-process';
import { benchTempDir } from './temp-dirs';

// What the Telegram benchmark needs besides its measurements: the fake Telegram in its own
// process, and a runtime whose agents are logged in on it.

/** The fake Telegram's process, driven by IPC: `run` calls one of its operations. */
export interface FakeTelegramProcess {
  run<K extends keyof FakeOperations>(
    name: K,
    ...args: Parameters<FakeOperations[K]>
  ): Promise<Awaited<ReturnType<FakeOperations[K]>>>;
  close(): Promise<void>;
}

export async function startFakeTelegramProcess(): Promise<FakeTelegramProcess> {
  const child: ChildProcess = fork(new URL('./telegram-fake-process.ts', import.meta.url), {
    execArgv: ['--import', 'jiti/register'],
    // Structured clone: user ids are bigints.
    serialization: 'advanced',
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  const ready = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('message', () => resolve());
    // Whatever was still asked of it fails rather than waiting for ever.
    child.once('exit', (code) => {
      const ended = new Error(`The fake Telegram's process ended (exit code ${code}).`);
      reject(ended);
      for (const { reject: fail } of pending.values()) fail(ended);
      pending.clear();
    });
  });
  await ready;
  child.on('message', (answer: FakeAnswer) => {
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    if (answer.error === undefined) waiting?.resolve(answer.result);
    else waiting?.reject(new Error(`fake Telegram: ${answer.error}`));
  });
  const run: FakeTelegramProcess['run'] = (name, ...args) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ id, name, args } satisfies FakeRequest);
    });
  return {
    run,
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await run('close');
      await exited;
    },
  };
}

/** The agents' Telegram logins, as the fake knows them. */
export interface BenchAccount {
  agent: string;
  userId: bigint;
  peopleIds: bigint[];
}

/**
 * A runtime (engine, Telegram port, one GramJS client per account) with `agents` bench agents,
 * pointed at the fake Telegram and at the fake LLM, pacing off. Each agent's account gets
 * `peoplePerAgent` people in its contacts, and is logged in through the API as an operator
 * would. Resolves once every account is connected.
 */
export async function startTelegramBenchRuntime(options: {
  fake: FakeTelegramProcess;
  geminiBaseUrl: string;
  agents: number;
  peoplePerAgent: number;
}): Promise<{ runtime: RuntimeHandle; accounts: BenchAccount[] }> {
  const { fake, agents } = options;
  const runtime = await startTestRuntime({
    stateDir: benchTempDir('troupe-bench-telegram-state-'),
    configDirs: [writeAgents(agents)],
    env: { GOOGLE_GEMINI_BASE_URL: options.geminiBaseUrl },
    // What `troupe simulate --fast` does: no typing waits, and a direct chat's turn starts at once.
    engine: { pacing: 'off', partnerTypingWindowMs: 0 },
  });
  await configureForBench(runtime);
  await call(runtime, 'secrets.set', { name: 'telegram.apiId', value: String(FAKE_API_ID) });
  await call(runtime, 'secrets.set', { name: 'telegram.apiHash', value: FAKE_API_HASH });
  await call(runtime, 'settings.update', {
    telegramServer: { mode: 'custom', ...(await fake.run('server')) },
  });

  const accounts: BenchAccount[] = [];
  for (let index = 0; index < agents; index += 1) {
    const [userId] = await fake.run('createUsers', [
      { phone: benchAgentPhone(index), firstName: `Agent${index}` },
    ]);
    const peopleIds = await fake.run(
      'createUsers',
      Array.from({ length: options.peoplePerAgent }, (_, person) => ({
        phone: `+1555030${String(index * options.peoplePerAgent + person).padStart(4, '0')}`,
        firstName: `Person${index}-${person}`,
      })),
    );
    await fake.run('addContacts', userId!, peopleIds);
    accounts.push({ agent: `Agent${index}`, userId: userId!, peopleIds });
  }
  const connected = new Set<string>();
  const allConnected = new Promise<void>((resolve) => {
    const stop = runtime.events.subscribe((name, payload) => {
      const view = accountChange(name, payload);
      if (view?.connection === 'connected') connected.add(view.configName);
      if (connected.size < agents) return;
      stop();
      resolve();
    });
  });
  for (const [index, account] of accounts.entries()) {
    const phone = benchAgentPhone(index);
    await call(runtime, 'telegram.login.start', { configName: account.agent, phone });
    const code = await fake.run('loginCode', phone);
    if (code === null) throw new Error(`the fake Telegram sent no login code to ${phone}`);
    await call(runtime, 'telegram.login.code', { configName: account.agent, code });
  }
  await allConnected;
  return { runtime, accounts };
}

/** The account's new view, when the event is a change of a Telegram account. */
export function accountChange(name: EventName, payload: unknown): TelegramAccountView | null {
  return name === 'telegram.accountChanged' ? (payload as TelegramAccountView) : null;
}
