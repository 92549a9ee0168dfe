import { type ConversationKey, conversationKeyString } from '../../../shared/domain/conversation-key';
import type { TurnState } from '../../../shared/domain/tasks';
import type { EngineCore, Runner } from '../engine-core';
import {
  gatedUntil,
  isGraphIdle,
  nextRunnableTask,
  nextWakeTime,
  type ReceivedGate,
  settleGraph,
} from '../graph/graph-rules';
import type { TaskGraph, TaskNode } from '../graph/task-graph';
import { isOnlineWait } from '../graph/wait-params';
import { isGroupChannel } from '../inbound/gates';
import type { PartnerTypingTracker } from '../pacing/partner-typing';
import { presenceOf } from '../pacing/presence';
import { isAsleep, type ScheduleHold, scheduleHold } from '../pacing/schedule-hold';
import { failConversation } from './fail-conversation';
import { operatorHold } from './operator-hold';
import type { TaskRunner } from './run-task';

const IDLE: TurnState = { phase: 'idle' };

function earliest(a: Date | null, b: Date | null): Date | null {
  if (a === null || b === null) return a ?? b;
  return a.getTime() <= b.getTime() ? a : b;
}

function hasPendingTurn(graph: TaskGraph): boolean {
  return graph.nodes.some((node) => node.kind === 'received' && node.status === 'pending');
}

/**
 * The driver of each conversation: looks at the graph whenever something may have made a task
 * ready (an inbound event, a finished task, a timer), runs the ready tasks one after another,
 * then arms a timer for the next moment one may be. A failure of one conversation is recorded in
 * that conversation's graph; the others go on.
 */
export class ConversationLoop {
  readonly #core: EngineCore;
  readonly #tasks: TaskRunner;
  readonly #partnerTyping: PartnerTypingTracker;
  /** Agent and day of each spending limit already told to the listeners. */
  readonly #limitsAnnounced = new Set<string>();

  constructor(core: EngineCore, tasks: TaskRunner, partnerTyping: PartnerTypingTracker) {
    this.#core = core;
    this.#tasks = tasks;
    this.#partnerTyping = partnerTyping;
  }

  /** Makes the conversation's driver look at its graph (starting one when none is running). */
  poke(conversation: ConversationKey): void {
    const runner = this.#core.runner(conversation);
    if (this.#core.stopped || runner.running) return;
    runner.running = true;
    this.#core.track(this.#drive(runner));
  }

  /**
   * Nothing left to do (only presence windows pending) and nothing in flight, for every
   * conversation of `agent` (or of every agent).
   */
  isIdle(agent?: string): boolean {
    for (const runner of this.#core.runners.values()) {
      if (agent !== undefined && runner.conversation.agent !== agent) continue;
      if (runner.running || runner.current !== null) return false;
    }
    for (const graph of this.#core.graphs.values()) {
      if (agent !== undefined && graph.conversation.agent !== agent) continue;
      if (!isGraphIdle(graph)) return false;
    }
    return true;
  }

  /** A conversation is working right now, as opposed to waiting for a timer, a slot or nothing. */
  isBusy(): boolean {
    for (const runner of this.#core.runners.values()) if (runner.running && !runner.queued) return true;
    return false;
  }

  /** Ends every conversation's timers, presence and task in flight (the engine stops). */
  stop(): void {
    for (const runner of this.#core.runners.values()) {
      runner.cancelWake?.();
      runner.current?.abort.abort();
      runner.presence.close();
    }
  }

  /**
   * Runs the conversation's ready tasks one after another until none is ready. `running` is
   * cleared in the same synchronous step that finds nothing to do, so a poke can never fall
   * between the check and the exit.
   */
  async #drive(runner: Runner): Promise<void> {
    try {
      for (;;) {
        const next = this.#prepare(runner);
        if (!next) {
          runner.running = false;
          return;
        }
        await this.#tasks.run(runner, next, (graph, now) => this.#pick(runner.conversation, graph, now));
      }
    } catch (error) {
      runner.running = false;
      const retry = failConversation(this.#core, runner.conversation, error);
      if (retry) this.poke(runner.conversation);
    }
  }

  /** Settles the graph, drops it when finished, updates presence, and picks the next task. */
  #prepare(runner: Runner): TaskNode | null {
    runner.cancelWake?.();
    runner.cancelWake = null;
    const core = this.#core;
    if (core.stopped) return null;
    const { conversation } = runner;
    const graph = core.graphOf(conversation);
    if (!graph) {
      runner.presence.show('away');
      core.emitTurnState(conversation, IDLE);
      return null;
    }
    // Telegram accounts of disabled agents rest: their graphs are kept and resume when re-enabled.
    if (!core.agent(conversation.agent)) return null;
    const { store, clock } = core.deps;
    // Paused by the operator: the plan is kept (inbound messages still join it), nothing runs.
    if (store.conversationSettings.get(conversation).paused) {
      runner.presence.show('away');
      core.emitTurnState(conversation, IDLE);
      return null;
    }
    const now = clock.now();
    const changed = settleGraph(graph, now);
    if (graph.isFinished()) {
      store.transaction(() => {
        store.taskGraphs.delete(conversation);
        store.outboundSends.deleteConversation(conversation);
      });
      core.graphs.delete(conversationKeyString(conversation));
      runner.presence.show('away');
      core.emit({ type: 'graphChanged', conversation, graph: null });
      core.emitTurnState(conversation, IDLE);
      return null;
    }
    if (changed.length > 0) {
      store.transaction(() => store.taskGraphs.save(graph));
      core.emitGraph(conversation);
    }
    const presence = presenceOf(graph);
    // Asleep, the agent is not seen online (it still types what the operator or it itself started).
    const asleep = isAsleep(store.schedules.get(conversation.agent).activities, now);
    runner.presence.show(asleep && presence === 'online' ? 'away' : presence);
    const next = this.#pick(conversation, graph, now);
    this.#tellTurnState(conversation, graph, next, now);
    const wakeAt = earliest(
      nextWakeTime(graph, now, this.#receivedGate(conversation, graph, now)),
      next === null && hasPendingTurn(graph) ? this.#limitResetsAt(conversation.agent) : null,
    );
    if (wakeAt) {
      runner.cancelWake = clock.setTimer(wakeAt.getTime() - now.getTime(), () => {
        runner.cancelWake = null;
        this.poke(conversation);
      });
    }
    return next;
  }

  /** The task to run next, if any may run now: what the operator holds back stays. */
  #pick(conversation: ConversationKey, graph: TaskGraph, now: Date): TaskNode | null {
    const settings = this.#core.deps.store.conversationSettings.get(conversation);
    const hold = operatorHold(settings, () => this.#limitResetsAt(conversation.agent) !== null);
    return nextRunnableTask(graph, now, this.#receivedGate(conversation, graph, now), hold);
  }

  /**
   * When the agent's reached spending limit resets; null when it may spend. The first time a turn
   * is held for it each day, the listeners are told, so the console can say why the agent is quiet.
   */
  #limitResetsAt(agent: string): Date | null {
    const core = this.#core;
    if (core.deps.store.agentSteering.get(agent).dailyLimitUsd === null) return null;
    const spending = core.spending(agent);
    if (!spending.reached) return null;
    const announced = `${agent}\n${spending.day}`;
    if (!this.#limitsAnnounced.has(announced)) {
      this.#limitsAnnounced.add(announced);
      core.logger.warn({ agent, ...spending }, 'daily spending limit reached: turns wait');
      core.emit({ type: 'spendingLimit', agent, spending });
    }
    return spending.resetsAt;
  }

  /**
   * Says when the turn waits for the partner to stop typing or for the agent's schedule (asleep,
   * busy); otherwise idle, unless a turn is about to run (it says it is thinking once its LLM
   * call starts).
   */
  #tellTurnState(conversation: ConversationKey, graph: TaskGraph, next: TaskNode | null, now: Date): void {
    const gate = this.#receivedGate(conversation, graph, now);
    const until = gatedUntil(graph, now, gate);
    if (!until) {
      if (next?.kind !== 'received') this.#core.emitTurnState(conversation, IDLE);
      return;
    }
    const hold = gate.scheduleHolds.find((held) => held.until.getTime() === until.getTime());
    this.#core.emitTurnState(
      conversation,
      hold
        ? {
            phase: 'heldBySchedule',
            until: until.toISOString(),
            asleep: hold.asleep,
            activity: hold.activity,
          }
        : { phase: 'waitingForPartner', until: until.toISOString() },
    );
  }

  /**
   * A received task waits while the agent's schedule holds it (asleep, or busy for a while), and
   * in a direct chat while the partner is (or just was) typing: until the later of the two. The
   * schedule holds it found are kept on the gate, to say why the turn waits.
   */
  #receivedGate(
    conversation: ConversationKey,
    graph: TaskGraph,
    now: Date,
  ): ReceivedGate & { scheduleHolds: ScheduleHold[] } {
    const { store, pacing } = this.#core.deps;
    const typingUntil = isGroupChannel(conversation.channelId)
      ? null
      : this.#partnerTyping.typingUntil(conversation, now);
    let activities: ReturnType<typeof store.schedules.get>['activities'] | null = null;
    const scheduleHolds: ScheduleHold[] = [];
    const gate = (received: TaskNode): Date | null => {
      activities ??= store.schedules.get(conversation.agent).activities;
      const hold = scheduleHold({
        activities,
        received,
        online: graph.nodes.some((node) => isOnlineWait(node) && node.status === 'pending'),
        pacingOff: pacing === 'off',
        now,
      });
      if (hold) scheduleHolds.push(hold);
      if (!hold || (typingUntil !== null && typingUntil > hold.until)) return typingUntil;
      return hold.until;
    };
    return Object.assign(gate, { scheduleHolds });
  }
}
