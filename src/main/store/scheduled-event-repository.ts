import type { Network } from '../../shared/api/conversation-contract';
import type { ConversationKey } from '../../shared/domain/conversation-key';
import type { SqliteDatabase } from './migrations/migration';

/** An agent's reminder to itself in one conversation, as stored. */
export interface ScheduledEvent {
  conversation: ConversationKey;
  id: string;
  /** The instruction the agent gets when it comes due. */
  intent: string;
  /** When it is due next (UTC). */
  dueAt: Date;
  /** Repeats this often; null: once. */
  intervalSeconds: number | null;
  /** Occurrences left, the next included; null: repeats for ever (or once, without an interval). */
  remaining: number | null;
  /** Goes up with every write: firing records only the revision it read. */
  revision: number;
  firedCount: number;
  lastFiredAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What a create or an edit writes. */
export type ScheduledEventFields = Pick<ScheduledEvent, 'intent' | 'dueAt' | 'intervalSeconds' | 'remaining'>;

/** The occurrence after the one that fired, or null when the event is done. */
export type NextOccurrence = { dueAt: Date; remaining: number | null } | null;

interface EventRow {
  agent: string;
  network: Network;
  channel_id: number;
  id: string;
  intent: string;
  due_at: string;
  interval_seconds: number | null;
  remaining: number | null;
  revision: number;
  fired_count: number;
  last_fired_at: string | null;
  created_at: string;
  updated_at: string;
}

interface KeyParams {
  agent: string;
  network: string;
  channel_id: number;
  id: string;
}

function keyParams(conversation: ConversationKey, id: string): KeyParams {
  return { agent: conversation.agent, network: conversation.network, channel_id: conversation.channelId, id };
}

function toEvent(row: EventRow): ScheduledEvent {
  return {
    conversation: { agent: row.agent, network: row.network, channelId: row.channel_id },
    id: row.id,
    intent: row.intent,
    dueAt: new Date(row.due_at),
    intervalSeconds: row.interval_seconds,
    remaining: row.remaining,
    revision: row.revision,
    firedCount: row.fired_count,
    lastFiredAt: row.last_fired_at === null ? null : new Date(row.last_fired_at),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

const KEY = 'agent = @agent AND network = @network AND channel_id = @channel_id AND id = @id';

/**
 * Scheduled events, per conversation, ordered by when they are due. Due times are ISO strings
 * in UTC of one length, so they compare as text.
 */
export class ScheduledEventRepository {
  readonly #list;
  readonly #listOfAgent;
  readonly #get;
  readonly #insert;
  readonly #update;
  readonly #delete;
  readonly #soonest;
  readonly #fired;
  readonly #deleteRevision;

  constructor(db: SqliteDatabase) {
    // Statements with +@name parameters are planned once: see PLANNED_ONCE in database.ts.
    this.#list = db.prepare<{ agent: string; network: string; channel_id: number }, EventRow>(
      `SELECT * FROM scheduled_events
       WHERE agent = +@agent AND network = +@network AND channel_id = +@channel_id
       ORDER BY due_at, id`,
    );
    this.#listOfAgent = db.prepare<{ agent: string }, EventRow>(
      'SELECT * FROM scheduled_events WHERE agent = +@agent ORDER BY due_at, network, channel_id, id',
    );
    this.#get = db.prepare<KeyParams, EventRow>(`SELECT * FROM scheduled_events WHERE ${KEY}`);
    this.#insert = db.prepare<KeyParams & Record<string, unknown>>(
      `INSERT INTO scheduled_events (agent, network, channel_id, id, intent, due_at, interval_seconds,
         remaining, created_at, updated_at)
       VALUES (@agent, @network, @channel_id, @id, @intent, @due_at, @interval_seconds, @remaining, @at, @at)`,
    );
    this.#update = db.prepare<KeyParams & Record<string, unknown>>(
      `UPDATE scheduled_events SET intent = @intent, due_at = @due_at, interval_seconds = @interval_seconds,
         remaining = @remaining, revision = revision + 1, updated_at = @at
       WHERE ${KEY}`,
    );
    this.#delete = db.prepare<KeyParams>(`DELETE FROM scheduled_events WHERE ${KEY}`);
    this.#deleteRevision = db.prepare<KeyParams & { revision: number }>(
      `DELETE FROM scheduled_events WHERE ${KEY} AND revision = @revision`,
    );
    this.#soonest = db.prepare<{ network: string; agents: string; limit: number }, EventRow>(
      `SELECT * FROM scheduled_events
       WHERE network = +@network AND agent IN (SELECT value FROM json_each(@agents))
       ORDER BY due_at LIMIT +@limit`,
    );
    this.#fired = db.prepare<KeyParams & Record<string, unknown>>(
      `UPDATE scheduled_events SET due_at = @due_at, remaining = @remaining, fired_count = fired_count + 1,
         revision = revision + 1, last_fired_at = @at, updated_at = @at
       WHERE ${KEY} AND revision = @revision`,
    );
  }

  /** The conversation's events, soonest first. */
  list(conversation: ConversationKey): ScheduledEvent[] {
    return this.#list
      .all({ agent: conversation.agent, network: conversation.network, channel_id: conversation.channelId })
      .map(toEvent);
  }

  /** The agent's events in every conversation of every network, soonest first. */
  listOfAgent(agent: string): ScheduledEvent[] {
    return this.#listOfAgent.all({ agent }).map(toEvent);
  }

  get(conversation: ConversationKey, id: string): ScheduledEvent | null {
    const row = this.#get.get(keyParams(conversation, id));
    return row ? toEvent(row) : null;
  }

  /** Creates the event, or rewrites the one with its id; returns which. */
  put(
    conversation: ConversationKey,
    id: string,
    fields: ScheduledEventFields,
    at: Date,
  ): 'created' | 'updated' {
    const row = {
      ...keyParams(conversation, id),
      intent: fields.intent,
      due_at: fields.dueAt.toISOString(),
      interval_seconds: fields.intervalSeconds,
      remaining: fields.remaining,
      at: at.toISOString(),
    };
    if (this.#update.run(row).changes > 0) return 'updated';
    this.#insert.run(row);
    return 'created';
  }

  /** Returns whether the event existed. */
  delete(conversation: ConversationKey, id: string): boolean {
    return this.#delete.run(keyParams(conversation, id)).changes > 0;
  }

  /** The network's soonest events of these agents (due or not), soonest first. */
  soonest(network: Network, agents: readonly string[], limit: number): ScheduledEvent[] {
    if (agents.length === 0) return [];
    return this.#soonest.all({ network, agents: JSON.stringify(agents), limit }).map(toEvent);
  }

  /**
   * Records that `event` fired: moves it to its next occurrence, or deletes it when none is left.
   * Only the revision that was read is touched: an event edited or deleted meanwhile is left as
   * it is now. Returns whether it was recorded.
   */
  recordFired(event: ScheduledEvent, next: NextOccurrence, at: Date): boolean {
    const key = keyParams(event.conversation, event.id);
    if (next === null) return this.#deleteRevision.run({ ...key, revision: event.revision }).changes > 0;
    const row = { ...key, due_at: next.dueAt.toISOString(), remaining: next.remaining, at: at.toISOString() };
    return this.#fired.run({ ...row, revision: event.revision }).changes > 0;
  }

  /** Whether the event is still stored at this revision (neither edited nor deleted since read). */
  isCurrent(event: ScheduledEvent): boolean {
    return this.#get.get(keyParams(event.conversation, event.id))?.revision === event.revision;
  }
}
