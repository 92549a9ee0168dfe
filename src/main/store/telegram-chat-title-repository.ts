import { type Now, systemNow } from './clock';
import type { SqliteDatabase } from './migrations/migration';

interface TitleKey {
  agent: string;
  channelId: number;
}

/**
 * The name each Telegram chat had when last seen, at the agent's latest turn in it or in the
 * console's chat list (the Simulator keeps its own chats' titles): what the console calls a
 * conversation when Telegram is not at hand, a group the agent left among them.
 */
export class TelegramChatTitleRepository {
  readonly #select;
  readonly #selectAgent;
  readonly #remember;
  readonly #now: Now;

  constructor(db: SqliteDatabase, deps: { now?: Now } = {}) {
    this.#now = deps.now ?? systemNow;
    this.#select = db.prepare<TitleKey, { title: string }>(
      'SELECT title FROM telegram_chat_titles WHERE agent = @agent AND channel_id = @channelId',
    );
    this.#selectAgent = db.prepare<[string], { channel_id: number; title: string }>(
      'SELECT channel_id, title FROM telegram_chat_titles WHERE agent = ?',
    );
    // An unchanged title writes nothing: no page of the database changes.
    this.#remember = db.prepare<TitleKey & { title: string; updatedAt: string }>(
      `INSERT INTO telegram_chat_titles (agent, channel_id, title, updated_at)
       VALUES (@agent, @channelId, @title, @updatedAt)
       ON CONFLICT (agent, channel_id) DO UPDATE SET title = excluded.title, updated_at = excluded.updated_at
       WHERE title IS NOT excluded.title`,
    );
  }

  /** The chat's name as last seen; null when the agent never took a turn in it. */
  get(agent: string, channelId: number): string | null {
    return this.#select.get({ agent, channelId })?.title ?? null;
  }

  /** Every chat of the agent's that has a name kept. */
  chats(agent: string): { channelId: number; title: string }[] {
    return this.#selectAgent.all(agent).map((row) => ({ channelId: row.channel_id, title: row.title }));
  }

  /** Keeps the chat's name; a blank one (a chat Telegram could not name) keeps the one before. */
  remember(agent: string, channelId: number, title: string): void {
    if (title.trim() === '') return;
    this.#remember.run({ agent, channelId, title, updatedAt: this.#now().toISOString() });
  }
}
