import type { Network } from '../../shared/api/conversation-contract';
import type { ConversationKey } from '../../shared/domain/conversation-key';
import type { MemoryProfile, SessionSummary } from '../../shared/domain/memory';
import type { SqliteDatabase } from './migrations/migration';

/** Which memory work a mark is for. */
export type MemoryWorkKind = 'session' | 'reflection';

export interface WorkMark {
  throughMessageId: number;
  /** Reflection: the agent's local date (YYYY-MM-DD) of the night it last ran. */
  night: string | null;
}

interface SessionRow {
  id: string;
  topic: string;
  content: string;
  min_message_id: number;
  max_message_id: number;
  first_at: string;
  last_at: string;
  created_at: string;
}

function toSession(row: SessionRow): SessionSummary {
  return {
    id: row.id,
    topic: row.topic,
    content: row.content,
    minMessageId: row.min_message_id,
    maxMessageId: row.max_message_id,
    firstAt: row.first_at,
    lastAt: row.last_at,
    createdAt: row.created_at,
  };
}

/**
 * Session summaries, person profiles and the marks of memory work (migration 010): what the
 * background memory work writes besides facts, and how far it has read.
 */
export class SessionMemoryRepository {
  readonly #sessions;
  readonly #insertSession;
  readonly #deleteSession;
  readonly #profile;
  readonly #putProfile;
  readonly #mark;
  readonly #putMark;
  readonly #chats;

  constructor(db: SqliteDatabase) {
    // Statements with +@name parameters are planned once: see PLANNED_ONCE in database.ts.
    const chat = 'agent = +@agent AND network = +@network AND channel_id = +@channelId';
    this.#sessions = db.prepare<ConversationKey, SessionRow>(
      `SELECT * FROM session_summaries WHERE ${chat} ORDER BY min_message_id, id`,
    );
    this.#insertSession = db.prepare<ConversationKey & SessionRow>(
      `INSERT INTO session_summaries (agent, network, channel_id, id, topic, content, min_message_id,
         max_message_id, first_at, last_at, created_at)
       VALUES (@agent, @network, @channelId, @id, @topic, @content, @min_message_id, @max_message_id,
         @first_at, @last_at, @created_at)`,
    );
    this.#deleteSession = db.prepare<ConversationKey & { id: string }>(
      `DELETE FROM session_summaries WHERE ${chat} AND id = @id`,
    );
    const person = 'agent = @agent AND network = @network AND partner_id = @partnerId';
    this.#profile = db.prepare<
      { agent: string; network: string; partnerId: number },
      { profile: string; written_by: string; updated_at: string }
    >(`SELECT profile, written_by, updated_at FROM memory_profiles WHERE ${person}`);
    this.#putProfile = db.prepare<{
      agent: string;
      network: string;
      partnerId: number;
      profile: string;
      writtenBy: string;
      at: string;
    }>(
      `INSERT INTO memory_profiles (agent, network, partner_id, profile, written_by, updated_at)
       VALUES (@agent, @network, @partnerId, @profile, @writtenBy, @at)
       ON CONFLICT (agent, network, partner_id) DO UPDATE SET profile = excluded.profile,
         written_by = excluded.written_by, updated_at = excluded.updated_at`,
    );
    this.#mark = db.prepare<
      ConversationKey & { work: string },
      { through_message_id: number; night: string | null }
    >(`SELECT through_message_id, night FROM memory_work_marks WHERE ${chat} AND work = @work`);
    this.#putMark = db.prepare<ConversationKey & { work: string; through: number; night: string | null }>(
      `INSERT INTO memory_work_marks (agent, network, channel_id, work, through_message_id, night)
       VALUES (@agent, @network, @channelId, @work, @through, @night)
       ON CONFLICT (agent, network, channel_id, work) DO UPDATE SET
         through_message_id = excluded.through_message_id, night = excluded.night`,
    );
    this.#chats = db.prepare<
      { agent: string; network: string; before: string },
      { channel_id: number; newest: number }
    >(
      `SELECT channel_id, max(message_id) AS newest FROM archive_messages
       WHERE agent = @agent AND network = @network AND sent_at < @before GROUP BY channel_id`,
    );
  }

  sessions(conversation: ConversationKey): SessionSummary[] {
    return this.#sessions.all(conversation).map(toSession);
  }

  addSession(conversation: ConversationKey, session: SessionSummary): void {
    this.#insertSession.run({
      ...conversation,
      id: session.id,
      topic: session.topic,
      content: session.content,
      min_message_id: session.minMessageId,
      max_message_id: session.maxMessageId,
      first_at: session.firstAt,
      last_at: session.lastAt,
      created_at: session.createdAt,
    });
  }

  deleteSession(conversation: ConversationKey, id: string): boolean {
    return this.#deleteSession.run({ ...conversation, id }).changes > 0;
  }

  profile(agent: string, network: Network, partnerId: number): MemoryProfile | null {
    const row = this.#profile.get({ agent, network, partnerId });
    return row
      ? {
          text: row.profile,
          writtenBy: row.written_by as MemoryProfile['writtenBy'],
          updatedAt: row.updated_at,
        }
      : null;
  }

  putProfile(agent: string, network: Network, partnerId: number, profile: MemoryProfile): void {
    this.#putProfile.run({
      agent,
      network,
      partnerId,
      profile: profile.text,
      writtenBy: profile.writtenBy,
      at: profile.updatedAt,
    });
  }

  mark(conversation: ConversationKey, work: MemoryWorkKind): WorkMark {
    const row = this.#mark.get({ ...conversation, work });
    return { throughMessageId: row?.through_message_id ?? 0, night: row?.night ?? null };
  }

  setMark(conversation: ConversationKey, work: MemoryWorkKind, mark: WorkMark): void {
    this.#putMark.run({ ...conversation, work, through: mark.throughMessageId, night: mark.night });
  }

  /** Every chat of the agent in the archive with a message sent before `before`, and the newest such message's id. */
  chatsBefore(
    agent: string,
    network: Network,
    before: Date,
  ): { channelId: number; newestMessageId: number }[] {
    return this.#chats
      .all({ agent, network, before: before.toISOString() })
      .map((row) => ({ channelId: row.channel_id, newestMessageId: row.newest }));
  }
}
