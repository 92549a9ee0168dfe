import type { Migration } from './migration';

/** The ledger fields a usage summary reads: column, its type, and its key in `details_json`. */
const LEDGER_FIELDS = [
  ['usage_network', 'TEXT', 'network'],
  ['usage_operation', 'TEXT', 'operation'],
  ['usage_provider', 'TEXT', 'provider'],
  ['usage_model', 'TEXT', 'model'],
  ['usage_cost_usd', 'REAL', 'cost_usd'],
  ['usage_input_tokens', 'REAL', 'input_tokens'],
  ['usage_output_tokens', 'REAL', 'output_tokens'],
  ['usage_cached_tokens', 'REAL', 'cached_tokens'],
  ['usage_thinking_tokens', 'REAL', 'thinking_tokens'],
] as const;

/**
 * The cost ledger's fields as columns of the task log, and one index that holds them all, so a
 * usage summary reads its window from the index alone instead of parsing each row's JSON.
 *
 * Measured on 100,000 calls over 90 days (among as many other task-log rows): reading the nine
 * fields with json_extract took ~155 ms of the summary's ~430 ms, and reading them from this index
 * ~30 ms; with the summary's grouping reworked alongside it came to ~180 ms. Reading the JSON once
 * per row (a materialized CTE) was already done and does not avoid the parse.
 *
 * The columns are VIRTUAL (SQLite cannot add STORED columns to a table): they cost nothing on
 * the other rows, and only the partial index keeps their values, for `llm_usage` rows alone. They
 * are typed, as SQLite reads an indexed column's value from the index only when it has a type
 * (ANY columns are computed again from the row). Numbers read `+ 0`, which turns any JSON value
 * into a number as the sums did, so that a row with odd details still fits the STRICT table's
 * REAL column instead of failing to insert. Outside the ledger the columns are NULL. Building the
 * index parses the ledger once (2–3 s and ~4 MB for 100,000 calls); each new call adds one entry.
 */
export const migration018UsageLedgerColumns: Migration = {
  version: 18,
  name: 'usage-ledger-columns',
  up(db) {
    for (const [column, type, key] of LEDGER_FIELDS) {
      const value = `json_extract(details_json, '$.${key}')${type === 'REAL' ? ' + 0' : ''}`;
      db.exec(`ALTER TABLE task_log ADD COLUMN ${column} ${type} GENERATED ALWAYS AS
        (CASE WHEN action_kind = 'llm_usage' THEN ${value} END) VIRTUAL`);
    }
    db.exec(`
      CREATE INDEX task_log_usage_ledger ON task_log
        (timestamp, agent_config_name, channel_id, ${LEDGER_FIELDS.map(([column]) => column).join(', ')})
        WHERE action_kind = 'llm_usage';
    `);
  },
};
