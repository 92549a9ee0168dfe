import { performance } from 'node:perf_hooks';
import type { ChatMsg } from '../src/shared/domain/conversation';
import { startTestRuntime } from '../test/support/runtime';
import {
  call,
  configureForBench,
  epochNow,
  loopDelayP99Ms,
  mean,
  monitorLoopDelay,
  nextMacrotask,
  percentile,
  watchGarbageCollection,
} from './engine-support';
import { profilePhase } from './profile-phase';
import { benchTempDir } from './temp-dirs';

/*
 * The engine benchmark's runtime, in a process of its own (forked by engine.bench.ts): the peak
 * RSS it prints is what the runtime and this script use, without the test runner or the fake
 * LLM, which stay in the parent. The parent sends one `EngineBenchCase`; this process runs it and
 * answers with its figures. When it needs the times the fake LLM saw requests, it asks the parent.
 * Before each phase it waits for the parent's go, so hosts sharing the machine run phases together.
 */

export interface EngineBenchCase {
  agents: number;
  partners: number;
  /** The first agent's index (`Agent<firstAgent>`): hosts that share the fake LLM run distinct agents. */
  firstAgent: number;
  /** Messages per second while the overhead is measured: a steady load the LLM slots keep up with. */
  steadyRate: number;
  geminiBaseUrl: string;
  /** The agents' configuration folder, written by the parent (see writeAgents). */
  configDir: string;
}

/** What a case measured: the printed figures, and what the parent combines across hosts. */
export interface EngineBenchResult {
  figures: Record<string, string | number>;
  /** When the throughput run's first message was sent and its last reply came (epoch ms). */
  throughputWindow: [number, number];
  /** Inbound -> LLM request of each message of the steady run (ms). */
  steadyOverheads: number[];
}

/** A phase that hosts run together: each waits at its start until the parent says go. */
export type SharedPhase = 'first' | 'throughput' | 'bursts' | 'steady';

/** What this process sends the parent. */
export type RuntimeProcessMessage =
  | { type: 'llmRequests' }
  | { type: 'waiting'; phase: SharedPhase }
  | { type: 'result'; result: EngineBenchResult }
  | { type: 'failed'; error: string };

/** What the parent sends: the case to run, the fake LLM's requests so far by conversation marker, or go. */
export type ParentMessage =
  | { type: 'run'; benchCase: EngineBenchCase }
  | { type: 'llmRequests'; requestTimes: [string, number[]][]; prefixShares: number[] }
  | { type: 'go'; phase: SharedPhase };

const BURST_CONVERSATIONS = 10;
const BURST_SIZE = 20;

interface Conversation {
  agent: string;
  channelId: number;
  personId: number;
}

let answerLlmRequests: (message: Extract<ParentMessage, { type: 'llmRequests' }>) => void = () => {};
let go: () => void = () => {};

/** Resolves once the parent says every host is ready for `phase`. */
function waitForGo(phase: SharedPhase): Promise<void> {
  return new Promise((resolve) => {
    go = resolve;
    send({ type: 'waiting', phase });
  });
}

/** The fake LLM's requests so far, as the parent's thread recorded them. */
function llmRequests(): Promise<{ requestTimes: Map<string, number[]>; prefixShares: number[] }> {
  return new Promise((resolve) => {
    answerLlmRequests = ({ requestTimes, prefixShares }) =>
      resolve({ requestTimes: new Map(requestTimes), prefixShares });
    send({ type: 'llmRequests' });
  });
}

function send(message: RuntimeProcessMessage): void {
  process.send?.(message);
}

function megabytes(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(0);
}

async function runCase({
  agents,
  partners,
  firstAgent,
  steadyRate,
  geminiBaseUrl,
  configDir,
}: EngineBenchCase): Promise<EngineBenchResult> {
  const rssBeforeRuntime = process.memoryUsage().rss;
  let peakRss = rssBeforeRuntime;
  const runtime = await startTestRuntime({
    stateDir: benchTempDir('troupe-bench-engine-state-'),
    configDirs: [configDir],
    env: { GOOGLE_GEMINI_BASE_URL: geminiBaseUrl },
  });
  const rssSampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 100);
  const loopDelay = monitorLoopDelay();
  const steadyLoopDelay = monitorLoopDelay();
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
    for (let agentIndex = firstAgent; agentIndex < firstAgent + agents; agentIndex += 1) {
      for (let partner = 0; partner < partners; partner += 1) {
        conversations.push(
          await createGroup(`Agent${agentIndex}`, `Bench ${agentIndex}-${partner}`, `Partner${partner}`),
        );
      }
    }

    let replyCount = 0;
    let expectedReplies = 0;
    let allReplied: () => void = () => {};
    // Only the replies: a runtime without a console builds no graph views (EventHub.isHeard).
    runtime.events.subscribe(
      (_name, payload) => {
        if (!(payload as { message: ChatMsg }).message.isAgent) return;
        replyCount += 1;
        if (replyCount >= expectedReplies) allReplied();
      },
      ['conversation.message'],
    );
    /** Resolves once `count` more agent messages have been sent. */
    const replies = (count: number) => {
      expectedReplies = replyCount + count;
      return new Promise<void>((resolve) => {
        allReplied = resolve;
      });
    };
    const keyOf = ({ agent, channelId }: Conversation) => `${agent}:${channelId}`;
    const sendTo = (conversation: Conversation, text: string) =>
      call(runtime, 'simulator.send', {
        agent: conversation.agent,
        channelId: conversation.channelId,
        personId: conversation.personId,
        text: `${text} bench[${keyOf(conversation)}]`,
      });
    /** Inbound -> LLM request of each conversation's `turn`-th request (0 = first), by send time. */
    const overheads = async (sentAt: ReadonlyMap<string, number>, turn: number) => {
      const { requestTimes } = await llmRequests();
      return [...sentAt].flatMap(([key, at]) => {
        const requestAt = requestTimes.get(key)?.[turn];
        return requestAt === undefined ? [] : [requestAt - at];
      });
    };

    // 0. The first turn after the start, alone: what an idle engine adds to the first message.
    await waitForGo('first');
    const first = await createGroup(`Agent${firstAgent}`, 'Bench first', 'First');
    const firstReplied = replies(1);
    const firstSentAt = epochNow();
    await sendTo(first, 'hello');
    await firstReplied;
    const [firstOverhead] = await overheads(new Map([[keyOf(first), firstSentAt]]), 0);

    // 1. Every conversation gets one message, as fast as the network delivers them: throughput.
    await waitForGo('throughput');
    loopDelay.enable();
    const cpuBefore = process.cpuUsage();
    const busyBefore = performance.eventLoopUtilization();
    // Hosts after the first profile under names of their own.
    const profileName = (phase: string) =>
      `${phase}-${agents}x${partners}${firstAgent > 0 ? `-from-agent${firstAgent}` : ''}`;
    const throughputWindow = await profilePhase(profileName('throughput'), async () => {
      const allDone = replies(conversations.length);
      const started = epochNow();
      for (const conversation of conversations) {
        void sendTo(conversation, 'hello');
        await nextMacrotask();
      }
      await allDone;
      return [started, epochNow()] satisfies [number, number];
    });
    const elapsedSeconds = (throughputWindow[1] - throughputWindow[0]) / 1000;
    const throughputCpu = process.cpuUsage(cpuBefore);
    const throughputBusy = performance.eventLoopUtilization(busyBefore);
    loopDelay.disable();

    // 2. Bursts: 20 messages in 2 seconds to a few direct chats; count the LLM calls each causes.
    await waitForGo('bursts');
    const bursts: Conversation[] = [];
    for (let index = 0; index < BURST_CONVERSATIONS; index += 1) {
      const agent = `Agent${firstAgent + (index % agents)}`;
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
      for (const conversation of bursts) await sendTo(conversation, `part ${message}`);
      await new Promise((resolve) => setTimeout(resolve, 2000 / BURST_SIZE));
    }
    await burstReplied;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { requestTimes } = await llmRequests();
    const callsPerBurst = bursts.map((conversation) => requestTimes.get(keyOf(conversation))?.length ?? 0);

    // 3. A second turn in every group at a steady rate the LLM slots keep up with: the overhead
    // from the inbound message to the LLM request, and how much of each prompt is the previous
    // turn's prefix.
    await waitForGo('steady');
    steadyLoopDelay.enable();
    const steadyCollections = watchGarbageCollection();
    const steadySentAt = new Map<string, number>();
    await profilePhase(profileName('steady'), async () => {
      const steadyDone = replies(conversations.length);
      const steadyStart = performance.now();
      for (const [index, conversation] of conversations.entries()) {
        const due = steadyStart + (index * 1000) / steadyRate;
        if (due > performance.now())
          await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
        steadySentAt.set(keyOf(conversation), epochNow());
        void sendTo(conversation, 'and again');
      }
      await steadyDone;
    });
    steadyLoopDelay.disable();
    const steadyGarbage = steadyCollections.stop();
    const steadyOverheads = await overheads(steadySentAt, 1);
    const { prefixShares } = await llmRequests();

    const steady = `${Number(steadyRate.toFixed(1))} msg/s`;
    const figures = {
      conversations: `${conversations.length} (${agents} agents × ${partners})`,
      'first turn after start, inbound -> LLM request (ms)': firstOverhead?.toFixed(1) ?? 'none',
      [`overhead inbound -> LLM request at ${steady}, p50 (ms)`]: percentile(steadyOverheads, 50).toFixed(1),
      [`overhead inbound -> LLM request at ${steady}, p99 (ms, goal ≤ 10)`]: percentile(
        steadyOverheads,
        99,
      ).toFixed(1),
      [`garbage collections at ${steady}`]: steadyGarbage,
      'throughput, pacing off (replies/s, goal ≥ 500)': (conversations.length / elapsedSeconds).toFixed(0),
      '… per reply: main thread busy, CPU of all threads (ms)': [
        throughputBusy.active,
        (throughputCpu.user + throughputCpu.system) / 1000,
      ]
        .map((totalMs) => (totalMs / conversations.length).toFixed(2))
        .join(', '),
      [`LLM calls per burst of ${BURST_SIZE} messages in 2 s (mean)`]: mean(callsPerBurst).toFixed(2),
      'event-loop delay p99 during the throughput run (ms, goal ≤ 20)': loopDelayP99Ms(loopDelay),
      [`event-loop delay p99 at ${steady} (ms, goal ≤ 20)`]: loopDelayP99Ms(steadyLoopDelay),
      'peak RSS of the runtime process (MB)': megabytes(peakRss),
      '… of which before the runtime started (Node and the bundled modules) (MB)':
        megabytes(rssBeforeRuntime),
      'unchanged request prefix (system + history), median share (%)': (
        100 * percentile(prefixShares, 50)
      ).toFixed(1),
    };
    return { figures, throughputWindow, steadyOverheads };
  } finally {
    clearInterval(rssSampler);
    await runtime.close();
  }
}

process.on('message', (message: ParentMessage) => {
  switch (message.type) {
    case 'llmRequests':
      return answerLlmRequests(message);
    case 'go':
      return go();
  }
  runCase(message.benchCase).then(
    (result) => send({ type: 'result', result }),
    (error: unknown) =>
      send({
        type: 'failed',
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
  );
});
process.send?.('ready');
