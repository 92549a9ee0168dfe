import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../../src/main/logging';
import { createRuntime } from '../../../src/main/runtime/runtime';
import type { ConversationRuntimeHandle } from '../../../src/main/runtime/types';
import { createKeyFileCipher } from '../../../src/main/secrets';
import { ALL_KINDS_INSTRUCTIONS, callApi, waitFor } from '../../support/engine-harness';
import { type FakeLlmServer, startFakeLlmServer } from '../../support/fake-llm-server';
import {
  FAKE_API_HASH,
  FAKE_API_ID,
  type FakeTelegram,
  type FakeUser,
  startFakeTelegram,
} from '../../support/fake-telegram';

/** Bound on each wait for the runtime (connecting, an event, the engine going idle). */
export const WAIT_MS = 10_000;
const REPO_ROOT = join(import.meta.dirname, '../../..');

export function agentFile(name: string, phone: string): string {
  return `# Agent Name\n\n${name}\n\n# Agent Phone\n\n${phone}\n\n# LLM\n\ngemini-2.5-flash\n\n# Agent Instructions\n\nBe ${name}.\n`;
}

/** A runtime whose agents are on the fake MTProto server and think with the fake LLM server. */
export interface TelegramRuntimeTestbed {
  /** The runtime's first config directory, which has the agents. */
  configDir: string;
  /** A second config directory after it, empty at first (when asked for). */
  secondConfigDir: string | null;
  fake: FakeTelegram;
  llm: FakeLlmServer;
  runtime: ConversationRuntimeHandle;
  /** Logs the agent in through the API and waits until it is connected. */
  logIn(configName: string, user: FakeUser): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the fake servers and a runtime with one agent file per entry (phones as given), the
 * secrets set. `shippedPrompts` lets the runtime find the app's own prompts (media descriptions).
 */
export async function startTelegramRuntimeTestbed(options: {
  agents: { name: string; phone: string }[];
  shippedPrompts?: boolean;
  secondConfigDir?: boolean;
}): Promise<TelegramRuntimeTestbed> {
  const root = mkdtempSync(join(tmpdir(), 'troupe-telegram-runtime-'));
  const stateDir = join(root, 'state');
  const configDir = join(root, 'config');
  mkdirSync(stateDir);
  mkdirSync(join(configDir, 'agents'), { recursive: true });
  mkdirSync(join(configDir, 'prompts'), { recursive: true });
  const secondConfigDir = options.secondConfigDir ? join(root, 'more-config') : null;
  if (secondConfigDir) mkdirSync(secondConfigDir);
  writeFileSync(join(configDir, 'prompts', 'Instructions.md'), ALL_KINDS_INSTRUCTIONS);
  for (const agent of options.agents) {
    writeFileSync(join(configDir, 'agents', `${agent.name}.md`), agentFile(agent.name, agent.phone));
  }
  const fake = await startFakeTelegram({ log: () => {} });
  writeFileSync(join(root, 'server.pem'), fake.rsaPublicKeyPem);
  const llm = await startFakeLlmServer();
  const runtime = await createRuntime({
    mode: 'server',
    stateDir,
    appRoot: options.shippedPrompts ? REPO_ROOT : stateDir,
    env: {
      GOOGLE_GEMINI_BASE_URL: llm.geminiBaseUrl,
      TROUPE_TELEGRAM_DC: `${fake.host}:${fake.port}`,
      TROUPE_TELEGRAM_DC_ID: String(fake.dcId),
      TROUPE_TELEGRAM_RSA_KEY: join(root, 'server.pem'),
    },
    cwd: stateDir,
    configPathOverride: secondConfigDir ? [configDir, secondConfigDir] : [configDir],
    cipher: createKeyFileCipher({ stateDir, env: {} }),
    logger: createLogger({ level: 'silent' }),
    version: '0.0.0-test',
    engine: { pacing: 'off', partnerTypingWindowMs: 200 },
  });
  await callApi(runtime, 'secrets.set', { name: 'gemini.apiKey', value: 'test-key' });
  await callApi(runtime, 'secrets.set', { name: 'telegram.apiId', value: String(FAKE_API_ID) });
  await callApi(runtime, 'secrets.set', { name: 'telegram.apiHash', value: FAKE_API_HASH });
  return {
    configDir,
    secondConfigDir,
    fake,
    llm,
    runtime,
    async logIn(configName, user) {
      await callApi(runtime, 'telegram.login.start', { configName, phone: user.phone });
      await callApi(runtime, 'telegram.login.code', { configName, code: fake.lastCodeFor(user.phone) });
      await waitFor(
        async () => {
          const { accounts } = (await callApi(runtime, 'telegram.accounts')) as {
            accounts: { configName: string; connection: string }[];
          };
          return accounts.find((view) => view.configName === configName)?.connection === 'connected';
        },
        `${configName} to connect`,
        WAIT_MS,
      );
    },
    async close() {
      await runtime.close();
      await llm.close();
      await fake.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
