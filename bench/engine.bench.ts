import { fork } from 'node:child_process';
import { describe, test } from 'vitest';
import { bundleForNode } from './bundle-for-node';
import type { EngineBenchCase, ParentMessage, RuntimeProcessMessage } from './engine-runtime-process';
import { startLlmThread, writeAgents } from './engine-support';

// `npm run bench:engine`: the engine under load against a local fake LLM with a fixed latency,
// in two shapes: TROUPE_BENCH_AGENTS x TROUPE_BENCH_PARTNERS simulated conversations (default
// 50 x 20), then many agents with few chats each, TROUPE_BENCH_MANY_AGENTS x
// TROUPE_BENCH_MANY_PARTNERS (default 500 x 5). Each case runs the runtime in a process of its own
// (engine-runtime-process.ts, bundled as the app's build bundles the runtime), so the RSS printed
// is the runtime's; the fake LLM stays here.
const STEADY_RATE = Number(process.env.TROUPE_BENCH_RATE ?? 100);
/** The cases to run; 0 agents leaves one out. */
const CASES: Pick<EngineBenchCase, 'agents' | 'partners'>[] = [
  {
    agents: Number(process.env.TROUPE_BENCH_AGENTS ?? 50),
    partners: Number(process.env.TROUPE_BENCH_PARTNERS ?? 20),
  },
  {
    agents: Number(process.env.TROUPE_BENCH_MANY_AGENTS ?? 500),
    partners: Number(process.env.TROUPE_BENCH_MANY_PARTNERS ?? 5),
  },
].filter(({ agents }) => agents > 0);

/** Runs one case in a fresh runtime process; resolves to the figures it printed. */
async function runInRuntimeProcess(
  script: string,
  benchCase: EngineBenchCase,
  llm: Awaited<ReturnType<typeof startLlmThread>>,
): Promise<Record<string, string | number>> {
  const child = fork(script, {
    execArgv: [
      // A CPU profile of the whole run on request; engine-runtime-process.ts profiles single phases.
      ...(process.env.TROUPE_BENCH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.TROUPE_BENCH_CPU_PROF}`]
        : []),
      // Node or V8 flags to try on the runtime, e.g. `--trace-gc` or a garbage collector setting.
      ...(process.env.TROUPE_BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
    ],
  });
  const tell = (message: ParentMessage) => child.send(message);
  try {
    return await new Promise((resolve, reject) => {
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
          case 'figures':
            return resolve(message.figures);
          case 'failed':
            return reject(new Error(`runtime process: ${message.error}`));
        }
      });
    });
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // Its runtime is closed once it answered: nothing but this channel keeps it.
      if (child.connected) child.disconnect();
      else child.kill();
      await exited;
    }
  }
}

describe('engine under load', async () => {
  const script = await bundleForNode(new URL('./engine-runtime-process.ts', import.meta.url));
  for (const { agents, partners } of CASES) {
    test(`${agents} agents × ${partners} chats`, { timeout: 1_200_000 }, async () => {
      // A fresh fake LLM per case: its request times are by conversation, which the cases reuse.
      const llm = await startLlmThread({ tasks: [{ kind: 'send', text: 'Noted.' }] });
      try {
        const figures = await runInRuntimeProcess(
          script,
          {
            agents,
            partners,
            steadyRate: STEADY_RATE,
            geminiBaseUrl: llm.geminiBaseUrl,
            configDir: writeAgents(agents),
          },
          llm,
        );
        console.table(figures);
      } finally {
        await llm.close();
      }
    });
  }
});
