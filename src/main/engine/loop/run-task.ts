import type { ConversationKey } from '../../../shared/domain/conversation-key';
import type { EngineCore, Runner } from '../engine-core';
import { extendOnlineWindow } from '../graph/online-window';
import { type TaskGraph, type TaskNode, updateNode } from '../graph/task-graph';
import { ChatLookups } from '../inbound/chat-lookups';
import type { FairSlots, Release } from '../scheduler/fair-slots';
import type { SendRateLimiter } from '../scheduler/send-rate-limiter';
import { STOPPED, type StopLatch } from '../scheduler/stop-latch';
import { resourceOf } from '../tasks/handler-registry';
import type { TaskHandler, TaskResult } from '../tasks/task-handler';
import { completeTask } from './complete-task';

export interface TaskRunnerDeps {
  handlerFor: (kind: string) => TaskHandler;
  llmSlots: FairSlots;
  sendLimiter: SendRateLimiter;
  /** Ends the waits for a slot when the engine stops. */
  stopLatch: StopLatch;
}

/** Runs one picked task: waits for the slot its kind needs, runs its handler, records the outcome. */
export class TaskRunner {
  readonly #core: EngineCore;
  readonly #deps: TaskRunnerDeps;

  constructor(core: EngineCore, deps: TaskRunnerDeps) {
    this.#core = core;
    this.#deps = deps;
  }

  /** `pick` is the loop's choice of the next task, asked again once the slot is granted. */
  async run(
    runner: Runner,
    picked: TaskNode,
    pick: (graph: TaskGraph, now: Date) => TaskNode | null,
  ): Promise<void> {
    const core = this.#core;
    const { conversation } = runner;
    runner.queued = true;
    const release = await this.#acquire(picked.kind, conversation).finally(() => {
      runner.queued = false;
    });
    if (release === STOPPED) return;
    try {
      await core.loopTurns.next(picked.kind === 'received' ? 'turn-start' : 'other');
      const graph = core.graphOf(conversation);
      const node = graph?.node(picked.id);
      const agent = core.agent(conversation.agent);
      // While it queued for a slot, a replan may have cancelled it, a new message re-gated it or
      // the operator held it.
      const stillNext = graph ? pick(graph, core.deps.clock.now()) : null;
      if (!graph || !node || !agent || stillNext !== node) return;
      const abort = new AbortController();
      runner.current = { nodeId: node.id, abort };
      const lookups = this.#lookupsFor(runner, node);
      // Not written by itself: a start after a crash runs an active task again, as a pending one
      // (the online window follows the turn run again). The task's completion writes it.
      core.change(conversation, (current, at) => {
        updateNode(node, { status: 'active' }, at);
        if (node.kind === 'received') extendOnlineWindow(current, at);
      });
      let result: TaskResult | null = null;
      let failure: unknown = null;
      try {
        result = await this.#deps.handlerFor(node.kind)({
          conversation,
          graph,
          node,
          agent,
          signal: abort.signal,
          lookups,
        });
      } catch (error) {
        failure = error;
      } finally {
        runner.current = null;
      }
      // Stopping leaves the task active; the next start runs it again.
      if (core.stopped) return;
      completeTask(core, conversation, node, result, failure);
    } finally {
      release();
    }
  }

  /** A turn takes over what its event's gates asked (once); anything else asks afresh, if at all. */
  #lookupsFor(runner: Runner, node: TaskNode): ChatLookups {
    const inherited = node.kind === 'received' ? runner.lookups : null;
    if (inherited) runner.lookups = null;
    return inherited ?? new ChatLookups(this.#core.deps.port, runner.conversation);
  }

  /** Waits for the slot a kind needs (LLM concurrency, the account's send rate), or for stop. */
  async #acquire(kind: string, conversation: ConversationKey): Promise<Release | typeof STOPPED> {
    const resource = resourceOf(kind);
    if (resource === null) return () => {};
    const { llmSlots, sendLimiter, stopLatch } = this.#deps;
    if (resource === 'llm') {
      const slot = llmSlots.acquire();
      const outcome = await stopLatch.race(slot);
      if (outcome === STOPPED) {
        // Gives the slot back whenever it is granted, so nothing stays held after stop.
        void slot.then((release) => release());
        return STOPPED;
      }
      return outcome;
    }
    const outcome = await stopLatch.race(sendLimiter.acquire(conversation.agent));
    return outcome === STOPPED ? STOPPED : () => {};
  }
}
