import { test } from 'vitest';
import type { RuntimeHandle } from '../src/main/runtime/types';
import type { ChatMsg } from '../src/shared/domain/conversation';
import {
  epochNow,
  LLM_LATENCY_MS,
  loopDelayP99Ms,
  monitorLoopDelay,
  percentile,
  startLlmThread,
} from './engine-support';
import { profilePhase } from './profile-phase';
import type { Line } from './telegram-fake-process';
import {
  accountChange,
  type BenchAccount,
  type FakeTelegramProcess,
  startFakeTelegramProcess,
  startTelegramBenchRuntime,
} from './telegram-support';

// `npm run bench:telegram`: the whole runtime (engine, Telegram port, a GramJS client per
// account) against the fake Telegram in a process of its own and the fake LLM on a thread of its
// own, pacing off. TROUPE_BENCH_TELEGRAM_ACCOUNTS accounts x TROUPE_BENCH_TELEGRAM_CHATS direct
// chats (default 20 x 10). Prints the overhead from a person's message leaving Telegram to the
// agent's LLM request and to its reply, the catch-up after a reconnection and the peak memory.
const ACCOUNTS = Number(process.env.TROUPE_BENCH_TELEGRAM_ACCOUNTS ?? 20);
const CHATS = Number(process.env.TROUPE_BENCH_TELEGRAM_CHATS ?? 10);
/**
 * Messages per second while the overhead is measured: below what the runtime answers when
 * everyone writes at once, so the figures are the work of a message rather than its wait in line.
 */
const STEADY_RATE = Number(process.env.TROUPE_BENCH_TELEGRAM_RATE ?? 25);
/** What the account misses while cut off: new messages, then edits of some of them. */
const MISSED_UPDATES = 1_000;
const MISSED_EDITS = 100;
const EDITED = ' (edited)';
const CATCH_UP_GOAL_MS = 2_000;
const RSS_GOAL_MB = 400;

const keyOf = (agent: string, personId: bigint) => `${agent}:${personId}`;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const ms = (value: number) => value.toFixed(1);
const textOf = (message: ChatMsg) => message.parts.map((part) => ('text' in part ? part.text : '')).join('');

/** Resolves when `check` holds after one of the runtime's events, or fails after `timeoutMs`. */
function eventually(runtime: RuntimeHandle, what: string, check: () => boolean, timeoutMs = 60_000) {
  return new Promise<void>((resolve, reject) => {
    if (check()) return resolve();
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`));
    }, timeoutMs);
    const stop = runtime.events.subscribe(() => {
      if (!check()) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
}

/** When each conversation's agent messages arrived (console events), by conversation key. */
function recordReplies(runtime: RuntimeHandle) {
  const replyTimes = new Map<string, number[]>();
  let count = 0;
  runtime.events.subscribe(
    (_name, payload) => {
      const { agent, network, message } = payload as { agent: string; network: string; message: ChatMsg };
      if (network !== 'telegram' || !message.isAgent) return;
      const key = `${agent}:${message.channelId}`;
      const times = replyTimes.get(key) ?? [];
      times.push(epochNow());
      replyTimes.set(key, times);
      count += 1;
    },
    ['conversation.message'],
  );
  return { replyTimes, count: () => count };
}

/** A message from every person to their agent, marked with its conversation for the fake LLM. */
function oneLineEach(accounts: readonly BenchAccount[], text: string): { key: string; line: Line }[] {
  return accounts.flatMap(({ agent, userId, peopleIds }) =>
    peopleIds.map((personId) => {
      const key = keyOf(agent, personId);
      return { key, line: { from: personId, to: userId, text: `${text} bench[${key}]` } };
    }),
  );
}

/**
 * Cuts the account off, has its people send MISSED_UPDATES messages and edits meanwhile, lets it
 * back on, and times the reconnection and the catch-up (up to the last missed update reaching
 * the inbound path, as the console's events show it).
 */
async function catchUp(runtime: RuntimeHandle, fake: FakeTelegramProcess, account: BenchAccount) {
  let connection: string | null = null;
  let connectedAt = 0;
  let missedMessages = 0;
  let missedEdits = 0;
  let lastMissedAt = 0;
  const stop = runtime.events.subscribe((name, payload) => {
    const view = accountChange(name, payload);
    if (view?.configName === account.agent) {
      if (view.connection === 'connected' && connection !== 'connected') connectedAt = epochNow();
      connection = view.connection;
      return;
    }
    if (name !== 'conversation.message' && name !== 'conversation.messageEdited') return;
    const { agent, message } = payload as { agent: string; message: ChatMsg };
    const text = textOf(message);
    if (agent !== account.agent || message.isAgent || !text.startsWith('missed')) return;
    if (name === 'conversation.message') missedMessages += 1;
    else if (text.endsWith(EDITED)) missedEdits += 1;
    lastMissedAt = epochNow();
  });
  try {
    await fake.run('cutOff', account.userId);
    await eventually(runtime, 'the account to notice it is cut off', () => connection === 'reconnecting');
    const lines: Line[] = Array.from({ length: MISSED_UPDATES - MISSED_EDITS }, (_, index) => {
      const personId = account.peopleIds[index % account.peopleIds.length]!;
      return {
        from: personId,
        to: account.userId,
        text: `missed ${index} bench[${keyOf(account.agent, personId)}]`,
      };
    });
    await fake.run('sayThenEdit', lines, MISSED_EDITS, EDITED);
    const restoredAt = await fake.run('restore', account.userId);
    await eventually(
      runtime,
      `the ${MISSED_UPDATES} missed updates`,
      () => missedMessages >= lines.length && missedEdits >= MISSED_EDITS,
    );
    return {
      reconnectMs: connectedAt - restoredAt,
      catchUpMs: lastMissedAt - connectedAt,
      differenceCalls: await fake.run('callCount', 'updates.GetDifference', account.userId, restoredAt),
    };
  } finally {
    stop();
  }
}

test('agents on Telegram under load', { timeout: 600_000 }, async () => {
  let peakRss = process.memoryUsage().rss;
  const sampleRss = () => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  };
  const rssSampler = setInterval(sampleRss, 100);
  const llm = await startLlmThread({ tasks: [{ kind: 'send', text: 'Noted.' }] });
  const fake = await startFakeTelegramProcess();
  const rssBefore = process.memoryUsage().rss;
  let runtime: RuntimeHandle | null = null;
  try {
    const started = await startTelegramBenchRuntime({
      fake,
      geminiBaseUrl: llm.geminiBaseUrl,
      agents: ACCOUNTS,
      peoplePerAgent: CHATS,
    });
    runtime = started.runtime;
    const { accounts } = started;
    const connectedRss = process.memoryUsage().rss;
    const replies = recordReplies(runtime);
    const allReplied = (expected: number) =>
      eventually(runtime!, `${expected} replies`, () => replies.count() >= expected);

    // 1. Every person writes at once, to an agent who has never heard from them: throughput.
    const firstLines = oneLineEach(accounts, 'hello');
    const cpuBefore = process.cpuUsage();
    const firstSentAt = await profilePhase('telegram-throughput', async () => {
      const sentAt = await fake.run(
        'say',
        firstLines.map(({ line }) => line),
        null,
      );
      await allReplied(firstLines.length);
      return sentAt;
    });
    const { user, system } = process.cpuUsage(cpuBefore);
    const throughputSeconds = (Math.max(...[...replies.replyTimes.values()].flat()) - firstSentAt[0]!) / 1000;

    // 2. Everyone again, at a steady rate below that throughput: what each step adds to a message.
    const steadyLines = oneLineEach(accounts, 'and again');
    const steadyLoopDelay = monitorLoopDelay();
    steadyLoopDelay.enable();
    const steadySentAt = await fake.run(
      'say',
      steadyLines.map(({ line }) => line),
      STEADY_RATE,
    );
    await allReplied(firstLines.length + steadyLines.length);
    steadyLoopDelay.disable();
    await llm.sync();
    const toRequest: number[] = [];
    const requestToReply: number[] = [];
    const toReply: number[] = [];
    for (const [index, { key }] of steadyLines.entries()) {
      const sentAt = steadySentAt[index]!;
      const requestAt = llm.requestTimes.get(key)?.[1];
      const replyAt = replies.replyTimes.get(key)?.[1];
      if (requestAt === undefined || replyAt === undefined) continue;
      toRequest.push(requestAt - sentAt);
      requestToReply.push(replyAt - requestAt - LLM_LATENCY_MS);
      toReply.push(replyAt - sentAt);
    }

    // 3. One account misses a thousand updates and catches up.
    const caughtUp = await catchUp(runtime, fake, accounts[0]!);
    sampleRss();

    const steady = `at ${STEADY_RATE} msg/s`;
    console.table({
      accounts: ACCOUNTS,
      'chats (direct, one person each)': ACCOUNTS * CHATS,
      'throughput, everyone writes at once (replies/s)': (firstLines.length / throughputSeconds).toFixed(0),
      'CPU of the process per reply meanwhile (ms)': ms((user + system) / 1000 / firstLines.length),
      [`inbound -> LLM request ${steady}, p50 (ms)`]: ms(percentile(toRequest, 50)),
      [`inbound -> LLM request ${steady}, p99 (ms)`]: ms(percentile(toRequest, 99)),
      [`LLM answer -> reply sent ${steady}, p50 (ms)`]: ms(percentile(requestToReply, 50)),
      [`LLM answer -> reply sent ${steady}, p99 (ms)`]: ms(percentile(requestToReply, 99)),
      [`inbound -> reply sent ${steady}, p99 (ms, LLM's ${LLM_LATENCY_MS} ms included)`]: ms(
        percentile(toReply, 99),
      ),
      [`event-loop delay ${steady}, p99 (ms)`]: loopDelayP99Ms(steadyLoopDelay),
      'network back -> account connected again (ms)': caughtUp.reconnectMs.toFixed(0),
      [`reconnected -> last of ${MISSED_UPDATES} missed updates delivered (ms, goal ≤ ${CATCH_UP_GOAL_MS})`]:
        caughtUp.catchUpMs.toFixed(0),
      'updates.getDifference calls for the catch-up': caughtUp.differenceCalls,
      "RSS before the runtime started: vitest's worker, the LLM thread (MB)": mb(rssBefore),
      [`RSS with ${ACCOUNTS} accounts connected (MB)`]: mb(connectedRss),
      [`peak RSS (MB, goal ≤ ${RSS_GOAL_MB})`]: mb(peakRss),
    });
  } finally {
    clearInterval(rssSampler);
    await runtime?.close();
    await fake.close();
    await llm.close();
  }
});
