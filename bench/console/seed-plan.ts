import { join } from 'node:path';
import { createLogger } from '../../src/main/logging';
import { DATABASE_FILE_NAME, openStore } from '../../src/main/store';
import type { TaskNode } from '../../src/shared/domain/task-graph-record';

/** How many branches the seeded plan's tasks run in beside each other after its turn. */
const BRANCHES = 4;
const HOUR_MS = 3_600_000;

/**
 * Gives `plans` of the agent's seeded Simulator chats (not `skipChannelId`) a plan of `tasks` tasks
 * each, alike but for their task ids (so the console lays each out: it keeps layouts by shape),
 * written to the engine's graph store before the runtime starts, as a restart would find it: a
 * turn done, then branches of waits and sends, the first wait of each counting down. The
 * conversation is paused, so the runtime keeps the plan on screen and runs none of it.
 */
export function seedLargePlan(options: {
  stateDir: string;
  agent: string;
  skipChannelId: number;
  tasks: number;
  plans: number;
}): { channelIds: number[] } {
  const store = openStore({
    file: join(options.stateDir, DATABASE_FILE_NAME),
    logger: createLogger({ level: 'silent' }),
  });
  try {
    const chats = store.simulator.chats
      .list(options.agent)
      .filter((row) => row.channel_id !== options.skipChannelId)
      .slice(0, options.plans);
    if (chats.length < options.plans) {
      throw new Error(`${options.agent} has no ${options.plans} other Simulator chats to give plans.`);
    }
    store.transaction(() => {
      for (const [index, chat] of chats.entries()) savePlan(store, options, chat.channel_id, `p${index}-`);
    });
    return { channelIds: chats.map((chat) => chat.channel_id) };
  } finally {
    store.close();
  }
}

function savePlan(
  store: ReturnType<typeof openStore>,
  options: { agent: string; tasks: number },
  channelId: number,
  prefix: string,
): void {
  const conversation = { agent: options.agent, network: 'simulator' as const, channelId };
  const now = new Date().toISOString();
  const node = (
    id: string,
    kind: string,
    params: Record<string, unknown>,
    dependsOn: string[],
  ): TaskNode => ({
    id,
    kind,
    status: kind === 'received' ? 'done' : 'pending',
    params,
    dependsOn,
    retries: 0,
    waitUntil: null,
    lastError: null,
    createdAt: now,
    updatedAt: now,
  });
  const nodes = [node(`${prefix}received`, 'received', { messageId: 1 }, [])];
  const tails = Array.from({ length: BRANCHES }, () => `${prefix}received`);
  for (let index = 1; index < options.tasks; index += 1) {
    const branch = index % BRANCHES;
    const step = Math.floor(index / BRANCHES);
    const id = `${prefix}task-${index}`;
    const added =
      step % 2 === 0
        ? node(id, 'wait', { delay: 5 }, [tails[branch]!])
        : node(id, 'send', { text: `Part ${step} of branch ${branch}` }, [tails[branch]!]);
    // The first wait of each branch is unblocked: its deadline is set, an hour ahead.
    if (step === 0) added.waitUntil = new Date(Date.now() + HOUR_MS).toISOString();
    nodes.push(added);
    tails[branch] = id;
  }
  store.taskGraphs.save({
    id: `${prefix}graph-bench`,
    conversation,
    context: { isGroup: false, channelName: 'Bench plan' },
    createdAt: now,
    nodes,
  });
  store.conversationSettings.put(
    conversation,
    { ...store.conversationSettings.get(conversation), paused: true },
    new Date(),
  );
}
