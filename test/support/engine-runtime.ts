import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createLogger } from '../../src/main/logging';
import type { SafeFetcher } from '../../src/main/retrieval';
import { createRuntime } from '../../src/main/runtime/runtime';
import type { ConversationRuntimeHandle, RuntimeHandle } from '../../src/main/runtime/types';
import { createKeyFileCipher } from '../../src/main/secrets';
import type { EngineSettings } from '../../src/shared/domain/settings';
import { ALL_KINDS_INSTRUCTIONS } from './scripted-llm';

/** The repository, where the shipped prompts are found as under an installed app's root. */
export const REPO_ROOT = resolve(import.meta.dirname, '../..');

export interface EngineRuntimeOptions {
  /** The directory the runtime's state and config go in. */
  root: string;
  /** Where the LLM is: the fake server's Gemini base URL. */
  geminiBaseUrl: string;
  /** Extra agent files (name → markdown), besides `Ada`. */
  agentFiles?: Record<string, string>;
  engine?: Partial<EngineSettings>;
  partnerTypingWindowMs?: number;
  instructions?: string;
  /** Config directories searched after `root/config`. */
  moreConfigDirs?: readonly string[];
  /** The fetcher of the agents' retrieval (one that may reach the test's own server). */
  retrievalFetcher?: SafeFetcher;
}

/** A minimal agent file for runtime tests; `extra` adds sections. */
export function agentFile(name: string, extra = ''): string {
  return `# Agent Name\n\n${name}\n\n# Agent Phone\n\n+15550000001\n\n# LLM\n\ngemini-2.5-flash\n\n# Agent Instructions\n\nBe ${name}.\n${extra}`;
}

/**
 * A whole runtime (real store, Simulator, LLM router over the real Gemini SDK) pointed at a local
 * LLM server, with a config directory holding `Ada` and any extra agents, and a Gemini key set.
 */
export async function startEngineRuntime(options: EngineRuntimeOptions): Promise<ConversationRuntimeHandle> {
  const configDir = join(options.root, 'config');
  const stateDir = join(options.root, 'state');
  mkdirSync(join(configDir, 'agents'), { recursive: true });
  mkdirSync(join(configDir, 'prompts'), { recursive: true });
  mkdirSync(stateDir, { recursive: true });
  writeFileSync(
    join(configDir, 'prompts', 'Instructions.md'),
    options.instructions ?? ALL_KINDS_INSTRUCTIONS,
  );
  const files = { Ada: agentFile('Ada'), ...options.agentFiles };
  for (const [name, text] of Object.entries(files))
    writeFileSync(join(configDir, 'agents', `${name}.md`), text);
  const runtime = await createRuntime({
    mode: 'server',
    stateDir,
    // The shipped prompts of memory work are found under the app's root, as in a real install.
    appRoot: REPO_ROOT,
    env: { GOOGLE_GEMINI_BASE_URL: options.geminiBaseUrl },
    cwd: stateDir,
    configPathOverride: [configDir, ...(options.moreConfigDirs ?? [])],
    cipher: createKeyFileCipher({ stateDir, env: {} }),
    logger: createLogger({ level: process.env.HARNESS_LOG ?? 'silent' }),
    version: '0.0.0-test',
    engine: { partnerTypingWindowMs: options.partnerTypingWindowMs ?? 200 },
    ...(options.retrievalFetcher ? { retrievalFetcher: options.retrievalFetcher } : {}),
  });
  await callApi(runtime, 'secrets.set', { name: 'gemini.apiKey', value: 'test-key' });
  await callApi(runtime, 'settings.update', {
    engine: {
      startTypingDelaySeconds: 0,
      typingSpeed: 1000,
      stickerDelaySeconds: 0,
      retryIntervalSeconds: 1,
      ...options.engine,
    },
  });
  return runtime;
}

/** Calls an API procedure and returns its result, throwing the API error when it fails. */
export async function callApi(
  runtime: RuntimeHandle,
  method: string,
  input: unknown = {},
): Promise<Record<string, unknown>> {
  const outcome = await runtime.dispatch(method, input);
  if (!outcome.ok) throw new Error(`${method}: ${outcome.error.code}: ${outcome.error.message}`);
  return outcome.result as Record<string, unknown>;
}

/** Polls `check` until it returns something truthy, failing after `timeoutMs`. */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  what: string,
  timeoutMs = 10_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
