import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { test } from 'vitest';
import type { ChatMsg } from '../src/shared/domain/conversation';
import { startTestRuntime } from '../test/support/runtime';
import {
  call,
  configureForBench,
  epochNow,
  mean,
  nextMacrotask,
  p99Ms,
  percentile,
  startLlmThread,
  writeAgents,
} from './engine-support';

// `npm run bench:engine`: the engine under load against a local fake LLM with a fixed latency.
// TROUPE_BENCH_AGENTS x TROUPE_BENCH_PARTNERS simulated conversations (default 50 x 20).
const AGENTS = Number(process.env.TROUPE_BENCH_AGENTS ?? 50);
const PARTNERS = Number(process.env.TROUPE_BENCH_PARTNERS ?? 20);
/** Messages per second while the overhead is measured: a steady load the LLM slots keep up with. */
const STEADY_RATE = Number(process.env.TROUPE_BENCH_RATE ?? 100);
const BURST_CONVERSATIONS = 10;
const BURST_SIZE = 20;

interface Conversation {
  agent: string;
  channelId: number;
  personId: number;
}

test('engine under load', { timeout: 600_000 }, async () => {
  const llm = await startLlmThread({ tasks: [{ kind: 'send', text: 'Noted.' }] });
  const { requestTimes } = llm;
  const stateDir = mkdtempSync(join(tmpdir(), 'troupe-bench-engine-state-'));
  const runtime = await startTestRuntime({
    stateDir,
    configDirs: [writeAgents(AGENTS)],
    env: { GOOGLE_GEMINI_BASE_URL: llm.geminiBaseUrl },
  });
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  const steadyLoopDelay = monitorEventLoopDelay({ resolution: 10 });
  let peakRss = process.memoryUsage().rss;
  const rssSampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 100);

  try {
    await configureForBench(runtime);

    // Groups answering every message: no partner-typing gate, so the turn starts at once.
    const createGroup = async (agent: string, title: string, firstName: string): Promise<Conversation> => {
      const created = await call(runtime, 'simulator.createChat', {
        agent,
        kind: 'group',
        title,
        people: [{ firstName }],
      });
      const channelId = (created.chat as { channelId: number }).channelId;
      await call(runtime, 'conversations.updateParameters', {
        agent,
        network: 'simulator',
        channelId,
        replyPolicy: 'every-message',
      });
      return { agent, channelId, personId: (created.people as { id: number }[])[0]!.id };
    };
    const conversations: Conversation[] = [];
    for (let agentIndex = 0; agentIndex < AGENTS; agentIndex += 1) {
      for (let partner = 0; partner < PARTNERS; partner += 1) {
        conversations.push(
          await createGroup(`Agent${agentIndex}`, `Bench ${agentIndex}-${partner}`, `Partner${partner}`),
        );
      }
    }

    let replyCount = 0;
    let expectedReplies = 0;
    let allReplied: () => void = () => {};
    runtime.events.subscribe((name, payload) => {
      if (name !== 'conversation.message') return;
      if (!(payload as { message: ChatMsg }).message.isAgent) return;
      replyCount += 1;
      if (replyCount >= expectedReplies) allReplied();
    });
    /** Resolves once `count` more agent messages have been sent. */
    const replies = (count: number) => {
      expectedReplies = replyCount + count;
      return new Promise<void>((resolve) => {
        allReplied = resolve;
      });
    };
    const keyOf = ({ agent, channelId }: Conversation) => `${agent}:${channelId}`;
    const send = (conversation: Conversation, text: string) =>
      call(runtime, 'simulator.send', {
        agent: conversation.agent,
        channelId: conversation.channelId,
        personId: conversation.personId,
        text: `${text} bench[${keyOf(conversation)}]`,
      });
    /** Inbound -> LLM request of each conversation's `turn`-th request (0 = first), by send time. */
    const overheads = async (sentAt: ReadonlyMap<string, number>, turn: number) => {
      await llm.sync();
      return [...sentAt].flatMap(([key, at]) => {
        const requestAt = requestTimes.get(key)?.[turn];
        return requestAt === undefined ? [] : [requestAt - at];
      });
    };

    // 0. The first turn after the start, alone: what an idle engine adds to the first message.
    const first = await createGroup('Agent0', 'Bench first', 'First');
    const firstReplied = replies(1);
    const firstSentAt = epochNow();
    await send(first, 'hello');
    await firstReplied;
    const [firstOverhead] = await overheads(new Map([[keyOf(first), firstSentAt]]), 0);

    // 1. Every conversation gets one message, as fast as the network delivers them: throughput.
    loopDelay.enable();
    const allDone = replies(conversations.length);
    const started = performance.now();
    for (const conversation of conversations) {
      void send(conversation, 'hello');
      await nextMacrotask();
    }
    await allDone;
    const elapsedSeconds = (performance.now() - started) / 1000;
    loopDelay.disable();

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
    const burstReplied = replies(bursts.length);
    for (let message = 0; message < BURST_SIZE; message += 1) {
      for (const conversation of bursts) await send(conversation, `part ${message}`);
      await new Promise((resolve) => setTimeout(resolve, 2000 / BURST_SIZE));
    }
    await burstReplied;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await llm.sync();
    const callsPerBurst = bursts.map((conversation) => requestTimes.get(keyOf(conversation))?.length ?? 0);

    // 3. A second turn in every group at a steady rate the LLM slots keep up with: the overhead
    // from the inbound message to the LLM request, and how much of each prompt is the previous
    // turn's prefix.
    steadyLoopDelay.enable();
    const steadyDone = replies(conversations.length);
    const steadySentAt = new Map<string, number>();
    const steadyStart = performance.now();
    for (const [index, conversation] of conversations.entries()) {
      const due = steadyStart + (index * 1000) / STEADY_RATE;
      if (due > performance.now())
        await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
      steadySentAt.set(keyOf(conversation), epochNow());
      void send(conversation, 'and again');
    }
    await steadyDone;
    steadyLoopDelay.disable();
    const steadyOverheads = await overheads(steadySentAt, 1);

    const steady = `${STEADY_RATE} msg/s`;
    const figures = {
      conversations: conversations.length,
      'first turn after start, inbound -> LLM request (ms)': firstOverhead?.toFixed(1),
      [`overhead inbound -> LLM request at ${steady}, p50 (ms)`]: percentile(steadyOverheads, 50).toFixed(1),
      [`overhead inbound -> LLM request at ${steady}, p99 (ms)`]: percentile(steadyOverheads, 99).toFixed(1),
      'throughput, pacing off (replies/s)': (conversations.length / elapsedSeconds).toFixed(0),
      [`LLM calls per burst of ${BURST_SIZE} messages in 2 s (mean)`]: mean(callsPerBurst).toFixed(2),
      'event-loop delay p99 during the throughput run (ms)': p99Ms(loopDelay),
      [`event-loop delay p99 at ${steady} (ms)`]: p99Ms(steadyLoopDelay),
      'peak RSS (MB)': (peakRss / 1024 / 1024).toFixed(0),
      'unchanged request prefix (system + history), median share (%)': (
        100 * percentile(llm.prefixShares, 50)
      ).toFixed(1),
    };
    console.table(figures);
  } finally {
    clearInterval(rssSampler);
    await runtime.close();
    await llm.close();
  }
});
