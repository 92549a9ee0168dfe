import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { test } from 'vitest';
import { unchangedPrefixShare } from '../src/main/prompt';
import type { RuntimeHandle } from '../src/main/runtime/types';
import type { ChatMsg } from '../src/shared/domain/conversation';
import { type RecordedLlmRequest, startFakeLlmServer } from '../test/support/fake-llm-server';
import { startTestRuntime } from '../test/support/runtime';

// `npm run bench:engine`: the engine under load against a local fake LLM with a fixed latency.
// TROUPE_BENCH_AGENTS x TROUPE_BENCH_PARTNERS simulated conversations (default 50 x 20).
const AGENTS = Number(process.env.TROUPE_BENCH_AGENTS ?? 50);
const PARTNERS = Number(process.env.TROUPE_BENCH_PARTNERS ?? 20);
const LLM_LATENCY_MS = Number(process.env.TROUPE_BENCH_LLM_LATENCY_MS ?? 50);
const BURST_CONVERSATIONS = 10;
const BURST_SIZE = 20;

interface Conversation {
  agent: string;
  channelId: number;
  personId: number;
}

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function writeAgents(count: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'troupe-bench-engine-'));
  mkdirSync(join(dir, 'agents'));
  mkdirSync(join(dir, 'prompts'));
  writeFileSync(
    join(dir, 'prompts', 'Instructions.md'),
    '<!-- SCHEMA_TASKS: send, think -->\nReply with a JSON array of tasks.\n'.repeat(20),
  );
  writeFileSync(join(dir, 'prompts', 'Persona.md'), 'Speak plainly and briefly.\n'.repeat(100));
  for (let index = 0; index < count; index += 1) {
    writeFileSync(
      join(dir, 'agents', `Agent${index}.md`),
      `# Agent Name\n\nAgent ${index}\n\n# Agent Phone\n\n+1555020${String(index).padStart(4, '0')}\n\n` +
        `# Agent Timezone\n\nEurope/Paris\n\n# Role Prompt\n\nPersona\n\n# Agent Instructions\n\n${'I am a bench agent.\n'.repeat(60)}`,
    );
  }
  return dir;
}

/** The conversation a request belongs to: the marker our bench messages carry in their text. */
function conversationKeyOf(request: RecordedLlmRequest): string | null {
  const match = /bench\[([^\]]+)\]/.exec(JSON.stringify(request.body.contents ?? []));
  return match?.[1] ?? null;
}

function systemPromptOf(request: RecordedLlmRequest): string {
  const instruction = request.body.systemInstruction as { parts?: { text?: string }[] } | undefined;
  return (instruction?.parts ?? []).map((part) => part.text ?? '').join('');
}

async function call(
  runtime: RuntimeHandle,
  method: string,
  input: unknown,
): Promise<Record<string, unknown>> {
  const outcome = await runtime.dispatch(method, input);
  if (!outcome.ok) throw new Error(`${method}: ${outcome.error.message}`);
  return outcome.result as Record<string, unknown>;
}

test('engine under load', { timeout: 600_000 }, async () => {
  const requestTimes = new Map<string, number[]>();
  const lastPrompt = new Map<string, string>();
  const prefixShares: number[] = [];
  const llm = await startFakeLlmServer({
    latencyMs: LLM_LATENCY_MS,
    recordRequests: false,
    defaultReply: { tasks: [{ kind: 'send', text: 'Noted.' }] },
    onRequest: (request, receivedAtMs) => {
      const key = conversationKeyOf(request);
      if (key === null) return;
      requestTimes.set(key, [...(requestTimes.get(key) ?? []), receivedAtMs]);
      const prompt = systemPromptOf(request);
      const previous = lastPrompt.get(key);
      if (previous !== undefined) prefixShares.push(unchangedPrefixShare(previous, prompt));
      lastPrompt.set(key, prompt);
    },
  });
  const stateDir = mkdtempSync(join(tmpdir(), 'troupe-bench-engine-state-'));
  const runtime = await startTestRuntime({
    stateDir,
    configDirs: [writeAgents(AGENTS)],
    env: { GOOGLE_GEMINI_BASE_URL: llm.geminiBaseUrl },
  });
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  let peakRss = process.memoryUsage().rss;
  const rssSampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 100);

  try {
    await call(runtime, 'secrets.set', { name: 'gemini.apiKey', value: 'bench-key' });
    await call(runtime, 'settings.update', {
      engine: {
        startTypingDelaySeconds: 0,
        typingSpeed: 1000,
        stickerDelaySeconds: 0,
        sendsPerMinute: 600,
        llmConcurrency: 16,
      },
    });

    // Groups answering every message: no partner-typing gate, so the turn starts at once.
    const conversations: Conversation[] = [];
    for (let agentIndex = 0; agentIndex < AGENTS; agentIndex += 1) {
      for (let partner = 0; partner < PARTNERS; partner += 1) {
        const agent = `Agent${agentIndex}`;
        const created = await call(runtime, 'simulator.createChat', {
          agent,
          kind: 'group',
          title: `Bench ${agentIndex}-${partner}`,
          people: [{ firstName: `Partner${partner}` }],
        });
        const channelId = (created.chat as { channelId: number }).channelId;
        await call(runtime, 'conversations.updateParameters', {
          agent,
          network: 'simulator',
          channelId,
          replyPolicy: 'every-message',
        });
        conversations.push({ agent, channelId, personId: (created.people as { id: number }[])[0]!.id });
      }
    }

    const replies = new Map<string, number>();
    let replyCount = 0;
    let allReplied: () => void = () => {};
    let expectedReplies = 0;
    runtime.events.subscribe((name, payload) => {
      if (name !== 'conversation.message') return;
      const { agent, message } = payload as { agent: string; message: ChatMsg };
      if (!message.isAgent) return;
      const key = `${agent}:${message.channelId}`;
      replies.set(key, (replies.get(key) ?? 0) + 1);
      replyCount += 1;
      if (replyCount >= expectedReplies) allReplied();
    });

    // 1. Every conversation gets one message at once: overhead to the LLM request, and throughput.
    loopDelay.enable();
    const sentAt = new Map<string, number>();
    expectedReplies = conversations.length;
    const done = new Promise<void>((resolve) => {
      allReplied = resolve;
    });
    const started = performance.now();
    await Promise.all(
      conversations.map(async ({ agent, channelId, personId }) => {
        const key = `${agent}:${channelId}`;
        sentAt.set(key, performance.now());
        await call(runtime, 'simulator.send', { agent, channelId, personId, text: `hello bench[${key}]` });
      }),
    );
    await done;
    const elapsedSeconds = (performance.now() - started) / 1000;
    loopDelay.disable();
    const overheads = [...sentAt].flatMap(([key, at]) => {
      const first = requestTimes.get(key)?.[0];
      return first === undefined ? [] : [first - at - 0];
    });

    // 2. Bursts: 20 messages in 2 seconds to a few direct chats; count the LLM calls each causes.
    const bursts: Conversation[] = [];
    for (let index = 0; index < BURST_CONVERSATIONS; index += 1) {
      const agent = `Agent${index % AGENTS}`;
      const created = await call(runtime, 'simulator.createChat', {
        agent,
        kind: 'direct',
        people: [{ firstName: `Burster${index}` }],
      });
      bursts.push({
        agent,
        channelId: (created.chat as { channelId: number }).channelId,
        personId: (created.people as { id: number }[])[0]!.id,
      });
    }
    const beforeBurst = new Map(bursts.map((c) => [`${c.agent}:${c.channelId}`, 0]));
    expectedReplies = replyCount + bursts.length;
    const burstReplied = new Promise<void>((resolve) => {
      allReplied = resolve;
    });
    for (let message = 0; message < BURST_SIZE; message += 1) {
      for (const { agent, channelId, personId } of bursts) {
        const key = `${agent}:${channelId}`;
        await call(runtime, 'simulator.send', {
          agent,
          channelId,
          personId,
          text: `part ${message} bench[${key}]`,
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 2000 / BURST_SIZE));
    }
    await burstReplied;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const callsPerBurst = bursts.map(({ agent, channelId }) => {
      const key = `${agent}:${channelId}`;
      return (requestTimes.get(key)?.length ?? 0) - (beforeBurst.get(key) ?? 0);
    });

    // 3. A second turn in every group: how much of each prompt is the previous turn's prefix.
    expectedReplies = replyCount + conversations.length;
    const secondTurn = new Promise<void>((resolve) => {
      allReplied = resolve;
    });
    await Promise.all(
      conversations.map(({ agent, channelId, personId }) =>
        call(runtime, 'simulator.send', {
          agent,
          channelId,
          personId,
          text: `and again bench[${agent}:${channelId}]`,
        }),
      ),
    );
    await secondTurn;

    const figures = {
      conversations: conversations.length,
      'overhead inbound -> LLM request p50 (ms)': percentile(overheads, 50).toFixed(1),
      'overhead inbound -> LLM request p99 (ms)': percentile(overheads, 99).toFixed(1),
      'throughput, pacing off (replies/s)': (conversations.length / elapsedSeconds).toFixed(0),
      [`LLM calls per burst of ${BURST_SIZE} messages in 2 s (mean)`]: (
        callsPerBurst.reduce((sum, calls) => sum + calls, 0) / callsPerBurst.length
      ).toFixed(2),
      'event-loop delay p99 (ms)': (loopDelay.percentile(99) / 1e6).toFixed(1),
      'peak RSS (MB)': (peakRss / 1024 / 1024).toFixed(0),
      'unchanged prompt prefix, mean share (%)': (
        (100 * prefixShares.reduce((sum, share) => sum + share, 0)) /
        Math.max(1, prefixShares.length)
      ).toFixed(1),
    };
    console.table(figures);
  } finally {
    clearInterval(rssSampler);
    await runtime.close();
    await llm.close();
  }
});
