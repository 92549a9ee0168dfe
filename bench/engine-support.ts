import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  constants,
  type IntervalHistogram,
  monitorEventLoopDelay,
  PerformanceObserver,
} from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { RuntimeHandle } from '../src/main/runtime/types';
import { benchTempDir } from './temp-dirs';

// What the engine benchmarks share: the agents' config directory, the fake LLM on its own thread,
// API calls and the figures' arithmetic.

export const LLM_LATENCY_MS = Number(process.env.TROUPE_BENCH_LLM_LATENCY_MS ?? 50);
/**
 * LLM calls at once (Settings → engine). Hosted providers take far more than the engine's default
 * in parallel; at 64 calls of 50 ms the fake LLM answers up to 1,280 calls a second, so the engine
 * is what limits the benchmarks' throughput.
 */
export const LLM_CONCURRENCY = Number(process.env.TROUPE_BENCH_LLM_CONCURRENCY ?? 64);

/** What the fake LLM's thread reports (see fake-llm-thread.mjs). */
type LlmThreadMessage =
  | { type: 'ready'; geminiBaseUrl: string }
  | { type: 'request'; key: string; receivedAt: number; prefixShare: number | null }
  | { type: 'synced' };

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** How often the event-loop monitor samples; every sample it takes includes this interval. */
const LOOP_DELAY_RESOLUTION_MS = 10;

/** An event-loop delay monitor (enable it to start), read with `loopDelayP99Ms`. */
export function monitorLoopDelay(): IntervalHistogram {
  return monitorEventLoopDelay({ resolution: LOOP_DELAY_RESOLUTION_MS });
}

/** The p99 of how late the event loop ran, in ms: each sample's interval beyond the monitor's own. */
export function loopDelayP99Ms(histogram: IntervalHistogram): string {
  return Math.max(0, histogram.percentile(99) / 1e6 - LOOP_DELAY_RESOLUTION_MS).toFixed(1);
}

/**
 * The garbage collections from now until `stop`: how many young-generation (scavenge) and full
 * (mark-compact) ones, and the longest pause of each. A slow message at a steady load is most
 * often one that waited for a full collection's pause.
 */
export function watchGarbageCollection(): { stop(): string } {
  const pauses = { young: [] as number[], full: [] as number[] };
  const record = (entries: readonly PerformanceEntry[]) => {
    for (const entry of entries) {
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MINOR) pauses.young.push(entry.duration);
      else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) pauses.full.push(entry.duration);
    }
  };
  const observer = new PerformanceObserver((list) => record(list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  const told = (list: number[]) => `${list.length} (longest ${Math.max(0, ...list).toFixed(1)} ms)`;
  return {
    stop() {
      // Entries are delivered later: the last collections may still be queued.
      record(observer.takeRecords());
      observer.disconnect();
      return `${told(pauses.full)} full, ${told(pauses.young)} young`;
    },
  };
}

export function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
}

/** Milliseconds since the epoch, comparable with the times the fake LLM's thread reports. */
export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}

/** Lets the event loop turn once: a network delivers each message in an I/O event of its own. */
export function nextMacrotask(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

const SHIPPED_PROMPTS_DIR = resolve(import.meta.dirname, '../configdir/prompts');
const SHIPPED_PROMPTS = ['Instructions', 'Task-Memory', 'Task-Plan'];

/** The phone number writeAgents gives the agent of this index. */
export function benchAgentPhone(index: number): string {
  return `+1555020${String(index).padStart(4, '0')}`;
}

/** A config folder with `count` bench agents, `Agent<first>` onwards (hosts sharing a fake LLM need distinct names). */
export function writeAgents(count: number, first = 0): string {
  const dir = benchTempDir('troupe-bench-engine-');
  mkdirSync(join(dir, 'agents'));
  mkdirSync(join(dir, 'prompts'));
  // The shipped prompts, as a real agent uses them, so the prompt-cache figure is about a prompt
  // of realistic size and shape.
  for (const name of SHIPPED_PROMPTS) {
    copyFileSync(join(SHIPPED_PROMPTS_DIR, `${name}.md`), join(dir, 'prompts', `${name}.md`));
  }
  writeFileSync(join(dir, 'prompts', 'Persona.md'), 'Speak plainly and briefly.\n'.repeat(100));
  for (let index = first; index < first + count; index += 1) {
    writeFileSync(
      join(dir, 'agents', `Agent${index}.md`),
      `# Agent Name\n\nAgent ${index}\n\n# Agent Phone\n\n${benchAgentPhone(index)}\n\n` +
        `# Agent Timezone\n\nEurope/Paris\n\n# Role Prompt\n\nTask-Memory\nTask-Plan\nPersona\n\n# Agent Instructions\n\n${'I am a bench agent.\n'.repeat(60)}`,
    );
  }
  return dir;
}

/** The fake LLM on its own thread, with the requests it saw by conversation marker. */
export async function startLlmThread(defaultReply: { tasks: Record<string, unknown>[] }) {
  const worker = new Worker(new URL('./fake-llm-thread.mjs', import.meta.url), {
    workerData: { latencyMs: LLM_LATENCY_MS, defaultReply },
  });
  const requestTimes = new Map<string, number[]>();
  const prefixShares: number[] = [];
  // Hosts may ask at once: the thread answers each sync in turn.
  const syncsPending: (() => void)[] = [];
  const ready = new Promise<string>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: LlmThreadMessage) => {
      switch (message.type) {
        case 'ready':
          resolve(message.geminiBaseUrl);
          return;
        case 'request': {
          const times = requestTimes.get(message.key) ?? [];
          times.push(message.receivedAt);
          requestTimes.set(message.key, times);
          if (message.prefixShare !== null) prefixShares.push(message.prefixShare);
          return;
        }
        case 'synced':
          syncsPending.shift()?.();
          return;
      }
    });
  });
  return {
    geminiBaseUrl: await ready,
    requestTimes,
    prefixShares,
    /** Resolves once every request the thread has seen so far is in `requestTimes`. */
    sync: () =>
      new Promise<void>((resolve) => {
        syncsPending.push(resolve);
        worker.postMessage('sync');
      }),
    close: async () => {
      worker.postMessage('close');
      await new Promise((resolve) => worker.once('exit', resolve));
    },
  };
}

export async function call(
  runtime: RuntimeHandle,
  method: string,
  input: unknown,
): Promise<Record<string, unknown>> {
  const outcome = await runtime.dispatch(method, input);
  if (!outcome.ok) throw new Error(`${method}: ${outcome.error.message}`);
  return outcome.result as Record<string, unknown>;
}

/** The Gemini key the fake LLM takes, and no typing pauses: the benchmarks measure the engine. */
export async function configureForBench(runtime: RuntimeHandle): Promise<void> {
  await call(runtime, 'secrets.set', { name: 'gemini.apiKey', value: 'bench-key' });
  await call(runtime, 'settings.update', {
    engine: {
      startTypingDelaySeconds: 0,
      typingSpeed: 1000,
      stickerDelaySeconds: 0,
      sendsPerMinute: 600,
      llmConcurrency: LLM_CONCURRENCY,
    },
  });
}
