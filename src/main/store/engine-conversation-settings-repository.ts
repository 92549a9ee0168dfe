import { type ReplyPolicy, ReplyPolicySchema } from '../../shared/domain/conversation';
import { type ConversationKey, conversationKeyString } from '../../shared/domain/conversation-key';
import type { SqliteDatabase } from './migrations/migration';
import { ReadCache } from './read-cache';

/** What the operator set for one conversation; null everywhere means "as the agent's default". */
export interface ConversationSettings {
  llmOverride: string | null;
  gaggedOverride: boolean | null;
  replyPolicy: ReplyPolicy | null;
  /** The operator paused it: its plan is kept and nothing of it runs. */
  paused: boolean;
  /** Taken over: the agent stays silent and only the operator's messages go out. */
  operatorOnly: boolean;
  /** Whether the agent's planned messages wait for the operator's approval; null: as the agent's default. */
  approvalOverride: boolean | null;
}

export const DEFAULT_CONVERSATION_SETTINGS: ConversationSettings = {
  llmOverride: null,
  gaggedOverride: null,
  replyPolicy: null,
  paused: false,
  operatorOnly: false,
  approvalOverride: null,
};

interface SettingsRow {
  llm_override: string | null;
  gagged_override: number | null;
  reply_policy: string | null;
  paused: number;
  operator_only: number;
  require_approval: number | null;
}

interface KeyParams {
  agent: string;
  network: string;
  channel_id: number;
}

function keyParams(conversation: ConversationKey): KeyParams {
  return { agent: conversation.agent, network: conversation.network, channel_id: conversation.channelId };
}

function toSettings(row: SettingsRow): ConversationSettings {
  const policy = ReplyPolicySchema.safeParse(row.reply_policy);
  return {
    llmOverride: row.llm_override,
    gaggedOverride: row.gagged_override === null ? null : row.gagged_override === 1,
    replyPolicy: policy.success ? policy.data : null,
    paused: row.paused === 1,
    operatorOnly: row.operator_only === 1,
    approvalOverride: row.require_approval === null ? null : row.require_approval === 1,
  };
}

/**
 * Per-conversation LLM override, gag override, group reply policy, pause, takeover and approval.
 * A turn reads them several times, so what was read is kept (frozen; see ReadCache) until it is
 * written.
 */
export class EngineConversationSettingsRepository {
  readonly #select;
  readonly #upsert;
  readonly #delete;
  readonly #read: ReadCache<Readonly<ConversationSettings>>;

  constructor(db: SqliteDatabase) {
    this.#read = new ReadCache(db);
    this.#select = db.prepare<KeyParams, SettingsRow>(
      `SELECT llm_override, gagged_override, reply_policy, paused, operator_only, require_approval
       FROM conversation_settings
       WHERE agent = @agent AND network = @network AND channel_id = @channel_id`,
    );
    this.#upsert = db.prepare<KeyParams & SettingsRow & { updated_at: string }>(
      `INSERT INTO conversation_settings (agent, network, channel_id, llm_override, gagged_override,
         reply_policy, paused, operator_only, require_approval, updated_at)
       VALUES (@agent, @network, @channel_id, @llm_override, @gagged_override, @reply_policy, @paused,
         @operator_only, @require_approval, @updated_at)
       ON CONFLICT (agent, network, channel_id) DO UPDATE SET llm_override = excluded.llm_override,
         gagged_override = excluded.gagged_override, reply_policy = excluded.reply_policy,
         paused = excluded.paused, operator_only = excluded.operator_only,
         require_approval = excluded.require_approval, updated_at = excluded.updated_at`,
    );
    this.#delete = db.prepare<KeyParams>(
      'DELETE FROM conversation_settings WHERE agent = @agent AND network = @network AND channel_id = @channel_id',
    );
  }

  get(conversation: ConversationKey): Readonly<ConversationSettings> {
    return this.#read.read(conversationKeyString(conversation), () => {
      const row = this.#select.get(keyParams(conversation));
      return Object.freeze(row ? toSettings(row) : { ...DEFAULT_CONVERSATION_SETTINGS });
    });
  }

  /** Stores the settings; a conversation back at every default leaves no row behind. */
  put(conversation: ConversationKey, settings: ConversationSettings, at: Date): ConversationSettings {
    this.#read.forget(conversationKeyString(conversation));
    if (
      settings.llmOverride === null &&
      settings.gaggedOverride === null &&
      settings.replyPolicy === null &&
      !settings.paused &&
      !settings.operatorOnly &&
      settings.approvalOverride === null
    ) {
      this.#delete.run(keyParams(conversation));
      return { ...DEFAULT_CONVERSATION_SETTINGS };
    }
    this.#upsert.run({
      ...keyParams(conversation),
      llm_override: settings.llmOverride,
      gagged_override: settings.gaggedOverride === null ? null : settings.gaggedOverride ? 1 : 0,
      reply_policy: settings.replyPolicy,
      paused: settings.paused ? 1 : 0,
      operator_only: settings.operatorOnly ? 1 : 0,
      require_approval: settings.approvalOverride === null ? null : settings.approvalOverride ? 1 : 0,
      updated_at: at.toISOString(),
    });
    return { ...settings };
  }
}
