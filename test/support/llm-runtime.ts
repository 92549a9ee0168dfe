import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConversationRuntimeHandle } from '../../src/main/runtime/types';
import { startEngineRuntime } from './engine-harness';
import { type FakeLlmServer, startFakeLlmServer } from './fake-llm-server';

/** A runtime (agent Ada, config in `root/config`) thinking with the fake LLM server. */
export interface LlmRuntime {
  readonly root: string;
  readonly configDir: string;
  readonly llm: FakeLlmServer;
  readonly runtime: ConversationRuntimeHandle;
  /** Stops the runtime and starts a new one on the same state (a restart). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startLlmRuntime(prefix: string): Promise<LlmRuntime> {
  const root = mkdtempSync(join(tmpdir(), `troupe-${prefix}-`));
  const llm = await startFakeLlmServer();
  let runtime = await startEngineRuntime({ root, geminiBaseUrl: llm.geminiBaseUrl });
  return {
    root,
    configDir: join(root, 'config'),
    llm,
    get runtime() {
      return runtime;
    },
    async restart() {
      await runtime.close();
      runtime = await startEngineRuntime({ root, geminiBaseUrl: llm.geminiBaseUrl });
    },
    async close() {
      await runtime.close();
      await llm.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
