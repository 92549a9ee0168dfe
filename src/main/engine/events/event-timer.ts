import type { ConversationKey } from '../../../shared/domain/conversation-key';
import type { ScheduledEvent } from '../../store';
import type { EngineCore } from '../engine-core';
import { NO_TRIGGER, type ReceivedParams } from '../graph/received-task';
import type { TurnCommitment } from '../inbound/intake';
import { nextOccurrence } from './event-times';

/** setTimeout's longest delay is 2^31-1 ms (24.8 days); a longer wait is taken in steps. */
export const MAX_TIMER_MS = 2 ** 31 - 1;
/** Events looked at per arming: the soonest ones, which is where the next one due must be. */
const SOONEST = 1_000;
/** Firings under way at once: each may wait on the network for its chat. */
const CONCURRENT_FIRINGS = 8;
/** A firing that failed (the chat could not be looked up) is tried again after this long. */
const RETRY_AFTER_MS = 60_000;

/** Starts a turn in a conversation with `commitment` written in the same transaction. */
export type FireTurn = (
  conversation: ConversationKey,
  trigger: ReceivedParams,
  commitment: TurnCommitment,
) => Promise<boolean>;

function eventKey(event: ScheduledEvent): string {
  const { agent, network, channelId } = event.conversation;
  return `${agent}\u0000${network}\u0000${channelId}\u0000${event.id}`;
}

/**
 * Fires the scheduled events of one network's agents: one timer, to the next event due across
 * every agent that may act now, re-armed whenever events change (no polling). A due event starts
 * a turn in its conversation with its intent, bypassing the gag as the agent's own request does;
 * the turn and the event's move to its next occurrence (or its deletion) are written in one
 * transaction, so after a crash the turn is in the stored graph exactly once. Events of agents
 * that may not act (disabled, or no longer configured) wait; events that came due while Troupe
 * was stopped fire once when it starts.
 */
export class EventTimer {
  readonly #core: EngineCore;
  readonly #fireTurn: FireTurn;
  #cancel: (() => void) | null = null;
  /** Due events are being fired now; the batch arms the timer again when it is done. */
  #firing = false;
  /** Events whose firing failed, and when to try again. */
  readonly #retryAt = new Map<string, number>();
  #stopped = false;

  constructor(core: EngineCore, fireTurn: FireTurn) {
    this.#core = core;
    this.#fireTurn = fireTurn;
  }

  /** The events changed (or the agents that may act did): tells the console and arms again. */
  changed(conversation: ConversationKey): void {
    this.#core.emit({ type: 'eventsChanged', conversation });
    this.arm();
  }

  /** Sets the one timer to the soonest event that may fire; a batch being fired arms when done. */
  arm(): void {
    this.#cancel?.();
    this.#cancel = null;
    if (this.#stopped || this.#firing) return;
    const { clock } = this.#core.deps;
    const next = this.#candidates().map((event) => this.#fireableAt(event))[0];
    if (next === undefined) return;
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, next - clock.now().getTime()));
    this.#cancel = clock.setTimer(delay, () => {
      this.#cancel = null;
      this.#fireDue();
    });
  }

  stop(): void {
    this.#stopped = true;
    this.#cancel?.();
    this.#cancel = null;
  }

  /** The soonest events of the agents that may act now, by when each may fire. */
  #candidates(): ScheduledEvent[] {
    const core = this.#core;
    const agents = core.deps
      .agents()
      .map((agent) => agent.configName)
      .filter((name) => core.agent(name) !== null);
    return core.deps.store.scheduledEvents
      .soonest(core.network, agents, SOONEST)
      .sort((a, b) => this.#fireableAt(a) - this.#fireableAt(b));
  }

  #fireableAt(event: ScheduledEvent): number {
    return Math.max(event.dueAt.getTime(), this.#retryAt.get(eventKey(event)) ?? 0);
  }

  #fireDue(): void {
    if (this.#stopped) return;
    const now = this.#core.deps.clock.now().getTime();
    const due = this.#candidates().filter((event) => this.#fireableAt(event) <= now);
    if (due.length === 0) {
      this.arm();
      return;
    }
    this.#firing = true;
    const batch = this.#fireAll(due).finally(() => {
      this.#firing = false;
      this.arm();
    });
    this.#core.track(batch);
  }

  /**
   * A few at a time (each may ask the network for its chat), and one started per turn of the
   * event loop, so a thousand events due together never hold up the rest of the runtime.
   */
  async #fireAll(due: readonly ScheduledEvent[]): Promise<void> {
    const running = new Set<Promise<void>>();
    for (const event of due) {
      if (this.#stopped) break;
      const firing: Promise<void> = this.#fire(event).finally(() => running.delete(firing));
      running.add(firing);
      if (running.size >= CONCURRENT_FIRINGS) await Promise.race(running);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.allSettled(running);
  }

  async #fire(event: ScheduledEvent): Promise<void> {
    const core = this.#core;
    const { store, clock } = core.deps;
    const key = eventKey(event);
    try {
      const agent = core.agent(event.conversation.agent);
      if (!agent) return;
      const timeZone = core.timeZone(agent);
      let fired = false;
      await this.#fireTurn(
        event.conversation,
        { ...NO_TRIGGER, eventIntents: [event.intent] },
        {
          stillWanted: () => store.scheduledEvents.isCurrent(event) && core.agent(agent.configName) !== null,
          write: () => {
            const now = clock.now();
            fired = store.scheduledEvents.recordFired(event, nextOccurrence(event, now, timeZone), now);
          },
        },
      );
      this.#retryAt.delete(key);
      if (fired) {
        core.logger.info({ conversation: event.conversation, event: event.id }, 'scheduled event fired');
        core.emit({ type: 'eventsChanged', conversation: event.conversation });
      }
    } catch (error) {
      this.#retryAt.set(key, clock.now().getTime() + RETRY_AFTER_MS);
      core.logger.warn(
        { err: error, conversation: event.conversation, event: event.id },
        'scheduled event could not fire; trying again in a minute',
      );
    }
  }
}
