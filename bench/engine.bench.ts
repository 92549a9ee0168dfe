import { type ChildProcess, fork } from 'node:child_process';
import { describe, test } from 'vitest';
import { bundleForNode } from './bundle-for-node';
import type {
  EngineBenchCase,
  EngineBenchResult,
  ParentMessage,
  RuntimeProcessMessage,
  SharedPhase,
} from './engine-runtime-process';
import { percentile, startLlmThread, writeAgents } from './engine-support';

// `npm run bench:engine`: the engine under load against a local fake LLM with a fixed latency,
// in two shapes: TROUPE_BENCH_AGENTS x TROUPE_BENCH_PARTNERS simulated conversations (default
// 50 x 20), then many agents with few chats each, TROUPE_BENCH_MANY_AGENTS x
// TROUPE_BENCH_MANY_PARTNERS (default 500 x 5). Each case runs the runtime in a process of its own
// (engine-runtime-process.ts, bundled as the app's build bundles the runtime), so the RSS printed
// is the runtime's; the fake LLM stays here. Last, the first shape's agents split across
// TROUPE_BENCH_HOSTS runtime processes (default 2; below 2 leaves it out) that run each phase
// together, as an operator splits accounts across `troupe serve` hosts on one machine.
const STEADY_RATE = Number(process.env.TROUPE_BENCH_RATE ?? 100);
const HOSTS = Number(process.env.TROUPE_BENCH_HOSTS ?? 2);
/** The shapes to run; 0 agents leaves one out. */
const SHAPES: Pick<EngineBenchCase, 'agents' | 'partners'>[] = [
  {
    agents: Number(process.env.TROUPE_BENCH_AGENTS ?? 50),
    partners: Number(process.env.TROUPE_BENCH_PARTNERS ?? 20),
  },
  {
    agents: Number(process.env.TROUPE_BENCH_MANY_AGENTS ?? 500),
    partners: Number(process.env.TROUPE_BENCH_MANY_PARTNERS ?? 5),
  },
].filter(({ agents }) => agents > 0);

type Llm = Awaited<ReturnType<typeof startLlmThread>>;

function forkRuntime(script: string): ChildProcess {
  return fork(script, {
    execArgv: [
      // A CPU profile of the whole run on request; engine-runtime-process.ts profiles single phases.
      ...(process.env.TROUPE_BENCH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.TROUPE_BENCH_CPU_PROF}`]
        : []),
      // Node or V8 flags to try on the runtime, e.g. `--trace-gc` or a garbage collector setting.
      ...(process.env.TROUPE_BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
    ],
  });
}

/** How long a runtime process may take to end once disconnected before it is killed. */
const STOP_GRACE_MS = 5_000;

async function stopRuntime(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // Its runtime is closed once it answered: nothing but this channel keeps it. One still waiting
  // for a phase (another host failed) keeps running, and is killed.
  const kill = setTimeout(() => child.kill(), STOP_GRACE_MS);
  if (child.connected) child.disconnect();
  else child.kill();
  await exited;
  clearTimeout(kill);
}

/**
 * Runs each case in a fresh runtime process of its own, all at once; resolves to their results.
 * The processes start each shared phase together: each says when it is ready, and all go once
 * every one is.
 */
async function runInRuntimeProcesses(
  script: string,
  cases: EngineBenchCase[],
  llm: Llm,
): Promise<EngineBenchResult[]> {
  const children = cases.map(() => forkRuntime(script));
  const waiting = new Map<SharedPhase, number>();
  const runOne = (child: ChildProcess, benchCase: EngineBenchCase) =>
    new Promise<EngineBenchResult>((resolve, reject) => {
      const tell = (message: ParentMessage) => child.send(message);
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`The runtime's process ended (exit code ${code}).`)));
      child.on('message', async (message: RuntimeProcessMessage | 'ready') => {
        if (message === 'ready') return tell({ type: 'run', benchCase });
        switch (message.type) {
          case 'llmRequests':
            await llm.sync();
            return tell({
              type: 'llmRequests',
              requestTimes: [...llm.requestTimes],
              prefixShares: llm.prefixShares,
            });
          case 'waiting': {
            const ready = (waiting.get(message.phase) ?? 0) + 1;
            waiting.set(message.phase, ready);
            if (ready === children.length) {
              for (const each of children)
                each.send({ type: 'go', phase: message.phase } satisfies ParentMessage);
            }
            return;
          }
          case 'result':
            return resolve(message.result);
          case 'failed':
            return reject(new Error(`runtime process: ${message.error}`));
        }
      });
    });
  try {
    return await Promise.all(children.map((child, index) => runOne(child, cases[index]!)));
  } finally {
    await Promise.all(children.map(stopRuntime));
  }
}

/** The figures of several hosts side by side (one column each), then what they did together. */
function hostsTable(results: EngineBenchResult[], conversations: number, steadyRate: number) {
  const table: Record<string, Record<string, string | number>> = {};
  results.forEach(({ figures }, index) => {
    for (const [name, value] of Object.entries(figures)) {
      table[name] = { ...table[name], [`host ${index + 1}`]: value };
    }
  });
  const started = Math.min(...results.map(({ throughputWindow }) => throughputWindow[0]));
  const ended = Math.max(...results.map(({ throughputWindow }) => throughputWindow[1]));
  const overheads = results.flatMap(({ steadyOverheads }) => steadyOverheads);
  const together = (value: string) => ({ 'all hosts': value });
  table['all hosts: throughput, pacing off (replies/s, goal ≥ 500)'] = together(
    (conversations / ((ended - started) / 1000)).toFixed(0),
  );
  table[`all hosts: overhead inbound -> LLM request at ${steadyRate} msg/s, p99 (ms, goal ≤ 10)`] = together(
    percentile(overheads, 99).toFixed(1),
  );
  return table;
}

describe('engine under load', async () => {
  const script = await bundleForNode(new URL('./engine-runtime-process.ts', import.meta.url));
  for (const { agents, partners } of SHAPES) {
    test(`${agents} agents × ${partners} chats`, { timeout: 1_200_000 }, async () => {
      // A fresh fake LLM per case: its request times are by conversation, which the cases reuse.
      const llm = await startLlmThread({ tasks: [{ kind: 'send', text: 'Noted.' }] });
      try {
        const [result] = await runInRuntimeProcesses(
          script,
          [
            {
              agents,
              partners,
              firstAgent: 0,
              steadyRate: STEADY_RATE,
              geminiBaseUrl: llm.geminiBaseUrl,
              configDir: writeAgents(agents),
            },
          ],
          llm,
        );
        console.table(result!.figures);
      } finally {
        await llm.close();
      }
    });
  }

  const [split] = SHAPES;
  if (!(HOSTS >= 2) || !split) return;
  const { agents, partners } = split;
  const perHost = Math.ceil(agents / HOSTS);
  const hosts = Math.ceil(agents / perHost);
  test(`${agents} agents × ${partners} chats on ${hosts} hosts`, { timeout: 1_200_000 }, async () => {
    const llm = await startLlmThread({ tasks: [{ kind: 'send', text: 'Noted.' }] });
    try {
      // The same load as the single host's: the agents and the steady rate shared out.
      const cases = Array.from({ length: hosts }, (_, host) => {
        const firstAgent = host * perHost;
        const hostAgents = Math.min(perHost, agents - firstAgent);
        return {
          agents: hostAgents,
          partners,
          firstAgent,
          steadyRate: (STEADY_RATE * hostAgents) / agents,
          geminiBaseUrl: llm.geminiBaseUrl,
          configDir: writeAgents(hostAgents, firstAgent),
        };
      });
      const results = await runInRuntimeProcesses(script, cases, llm);
      console.table(hostsTable(results, agents * partners, STEADY_RATE));
    } finally {
      await llm.close();
    }
  });
});
