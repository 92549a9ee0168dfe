import type { Statement } from 'better-sqlite3';
import type { Network } from '../../shared/api/conversation-contract';
import type { SqliteDatabase } from './migrations/migration';
import { LEDGER_ACTION_KIND } from './task-log-repository';
import {
  type DayOffset,
  type LedgerGroupRow,
  type RecentCallRow,
  toRecentCall,
  type UsageAggregates,
  usageAggregates,
} from './usage-rows';

export type { DayOffset, UsageAggregates } from './usage-rows';

/** Which ledger rows a summary reads: the window [since, until), optionally one agent or conversation. */
export interface UsageFilter {
  since: Date;
  until: Date;
  agent?: string;
  /** One conversation of `agent`: its network and chat. */
  conversation?: { network: Network; channelId: number };
}

/** Most conversations a summary lists, the costliest first. */
const CONVERSATION_LIMIT = 200;

/**
 * The network of a row: as written, else (rows from before it was kept) the Simulator when it
 * has the chat, else Telegram; null outside conversations.
 */
const NETWORK = `COALESCE(t.usage_network, CASE
  WHEN t.channel_id IS NULL THEN NULL
  WHEN EXISTS (SELECT 1 FROM sim_chats s WHERE s.agent = t.agent_config_name AND s.channel_id = t.channel_id)
    THEN 'simulator'
  ELSE 'telegram' END)`;

/** The sums of a group of ledger rows (the columns of migration 018). */
const LEDGER_SUMS = `TOTAL(t.usage_cost_usd) AS cost, COUNT(*) AS calls, TOTAL(t.usage_input_tokens) AS input,
  TOTAL(t.usage_output_tokens) AS output, TOTAL(t.usage_cached_tokens) AS cached,
  TOTAL(t.usage_thinking_tokens) AS thinking, SUM(t.usage_cost_usd IS NULL) AS unknown`;

/** The same sums over groups of `LEDGER_SUMS` rows. */
const SUMS = `TOTAL(cost) AS cost, SUM(calls) AS calls, TOTAL(input) AS input, TOTAL(output) AS output,
  TOTAL(cached) AS cached, TOTAL(thinking) AS thinking, SUM(unknown) AS unknown`;

interface Parameters {
  since: string;
  until: string;
  agent?: string;
  network?: string;
  channelId?: number;
  limit?: number;
  [edgeOrShift: string]: string | number | undefined;
}

interface NameRow {
  name: string | null;
}

/**
 * The cost ledger read back for the console: sums over a window, per day (in the operator's
 * time zone), agent, conversation, operation and model, and one agent's spending. Aggregated in
 * SQL over the `llm_usage` task-log rows: a window from the ledger index, whose entries hold every
 * field a summary reads (migration 018); one agent's spending through its own index (016).
 */
export class UsageRepository {
  readonly #db: SqliteDatabase;
  readonly #spent;
  readonly #simulatorName;
  readonly #telegramName;
  readonly #statements = new Map<string, Statement<Parameters, unknown>>();

  constructor(db: SqliteDatabase) {
    this.#db = db;
    this.#spent = db.prepare<[string, string, string], { spent: number }>(
      `SELECT TOTAL(usage_cost_usd) AS spent FROM task_log
       WHERE action_kind = '${LEDGER_ACTION_KIND}' AND agent_config_name = ? AND timestamp >= ? AND timestamp < ?`,
    );
    this.#simulatorName = db.prepare<[string, number], NameRow>(
      `SELECT COALESCE(c.title, (
         SELECT trim(p.first_name || ' ' || COALESCE(p.last_name, '')) FROM sim_members m
         JOIN sim_people p ON p.id = m.person_id
         WHERE m.agent = c.agent AND m.channel_id = c.channel_id ORDER BY p.id LIMIT 1)) AS name
       FROM sim_chats c WHERE c.agent = ? AND c.channel_id = ?`,
    );
    // A Telegram chat's name as the agent's latest turn saw it; else, for a direct chat, the name
    // its partner writes under.
    this.#telegramName = db.prepare<{ agent: string; channelId: number }, NameRow>(
      `SELECT COALESCE(
         (SELECT title FROM telegram_chat_titles WHERE agent = @agent AND channel_id = @channelId),
         (SELECT sender_name FROM archive_messages
          WHERE @channelId > 0 AND agent = @agent AND network = 'telegram' AND channel_id = @channelId
            AND is_agent = 0 AND sender_name IS NOT NULL
          ORDER BY message_id DESC LIMIT 1)) AS name`,
    );
  }

  /** What `agent`'s LLM calls in [since, until) cost, in USD; calls without a price count as nothing. */
  spentUsd(agent: string, since: Date, until: Date): number {
    return this.#spent.get(agent, since.toISOString(), until.toISOString())?.spent ?? 0;
  }

  /**
   * Every sum the cost views draw for the filter. `days` buckets calls into calendar days: the
   * UTC offset in effect from each instant on (the first applies from the window's start), so a
   * time zone's daylight-saving change inside the window moves the day's edge with it.
   */
  summary(filter: UsageFilter, days: readonly DayOffset[], recentLimit = 20): UsageAggregates {
    if (days.length === 0) throw new RangeError('A usage summary needs at least one day offset.');
    const parameters = this.#parameters(filter);
    days.forEach((day, index) => {
      parameters[`shift${index}`] = `${day.offsetMinutes >= 0 ? '+' : ''}${day.offsetMinutes} minutes`;
      if (index > 0) parameters[`edge${index}`] = day.from.toISOString();
    });
    const groups = this.#statement('groups', filter, days.length, () =>
      this.#groupsSql(this.#where(filter), days.length),
    ).all(parameters) as LedgerGroupRow[];
    const recent = this.#statement('recent', filter, 0, () => this.#recentSql(this.#where(filter))).all({
      ...parameters,
      limit: recentLimit,
    }) as RecentCallRow[];
    return usageAggregates(groups, recent.map(toRecentCall), {
      conversationLimit: CONVERSATION_LIMIT,
      nameOf: (agent, network, channelId) => this.conversationName(agent, network, channelId),
    });
  }

  /** A conversation's name as the cost views show it: a group's title or the partner's name; null when unknown. */
  conversationName(agent: string, network: Network, channelId: number): string | null {
    const row =
      network === 'simulator'
        ? this.#simulatorName.get(agent, channelId)
        : this.#telegramName.get({ agent, channelId });
    return row?.name || null;
  }

  #parameters(filter: UsageFilter): Parameters {
    if (!(filter.since.getTime() < filter.until.getTime()))
      throw new RangeError('A usage window must end after it starts.');
    const parameters: Parameters = { since: filter.since.toISOString(), until: filter.until.toISOString() };
    if (filter.agent !== undefined) parameters.agent = filter.agent;
    if (filter.conversation) {
      parameters.network = filter.conversation.network;
      parameters.channelId = filter.conversation.channelId;
    }
    return parameters;
  }

  #where(filter: UsageFilter): string {
    const conditions = [
      `t.action_kind = '${LEDGER_ACTION_KIND}'`,
      't.timestamp >= @since',
      't.timestamp < @until',
    ];
    if (filter.agent !== undefined) conditions.push('t.agent_config_name = @agent');
    if (filter.conversation) conditions.push('t.channel_id = @channelId', `${NETWORK} = @network`);
    return conditions.join(' AND ');
  }

  /** One statement per filter shape (and count of day offsets), so each keeps its query plan. */
  #statement(
    kind: string,
    filter: UsageFilter,
    offsets: number,
    sql: () => string,
  ): Statement<Parameters, unknown> {
    const key = `${kind}:${filter.agent !== undefined}:${filter.conversation !== undefined}:${offsets}`;
    let statement = this.#statements.get(key);
    if (!statement) {
      statement = this.#db.prepare<Parameters, unknown>(sql());
      this.#statements.set(key, statement);
    }
    return statement;
  }

  /**
   * Sums the window's calls per day, agent, conversation, operation and model in one pass of the
   * ledger index (no row's JSON is read), then sums those few rows four ways. Grouping 100,000
   * calls once and then a few thousand rows four times takes about half as long as grouping the
   * calls four times over.
   */
  #groupsSql(where: string, offsets: number): string {
    const edges = Array.from(
      { length: offsets - 1 },
      (_, index) => `WHEN t.timestamp < @edge${index + 1} THEN @shift${index}`,
    );
    const shift = offsets === 1 ? '@shift0' : `CASE ${edges.join(' ')} ELSE @shift${offsets - 1} END`;
    // INDEXED BY: the planner cannot tell that this index spares reading the rows, and would
    // rather take another index and parse every row's JSON.
    return `WITH u AS MATERIALIZED (
        SELECT date(t.timestamp, ${shift}) AS day, t.agent_config_name AS agent, t.channel_id AS channel,
          ${NETWORK} AS network, t.usage_operation AS operation, t.usage_provider AS provider,
          t.usage_model AS model, ${LEDGER_SUMS}
        FROM task_log t INDEXED BY task_log_usage_ledger WHERE ${where}
        GROUP BY day, agent, channel, network, operation, provider, model)
      SELECT 'day' AS kind, day AS k1, agent AS k2, NULL AS k3, ${SUMS} FROM u GROUP BY day, agent
      UNION ALL
      SELECT 'conversation', agent, network, channel, ${SUMS} FROM u GROUP BY agent, network, channel
      UNION ALL
      SELECT 'operation', operation, NULL, NULL, ${SUMS} FROM u GROUP BY operation
      UNION ALL
      SELECT 'model', provider, model, NULL, ${SUMS} FROM u GROUP BY provider, model`;
  }

  #recentSql(where: string): string {
    return `SELECT t.timestamp, t.agent_config_name AS agent, t.channel_id AS channel, ${NETWORK} AS network,
        t.details_json, t.failure_message
      FROM task_log t WHERE ${where} ORDER BY t.timestamp DESC, t.id DESC LIMIT @limit`;
  }
}
