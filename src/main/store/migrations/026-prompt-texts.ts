import type { Migration } from './migration';

/**
 * The long texts of prompt sections (instructions, persona, role prompts), each kept once by its
 * hash: consecutive exchanges of an agent repeat them word for word, and each exchange in
 * `llm_exchange_history` now names them instead of holding a copy. `last_used` is when an
 * exchange last named the text (refreshed at most daily), for pruning.
 */
export const migration026PromptTexts: Migration = {
  version: 26,
  name: 'prompt-texts',
  up(db) {
    db.exec(`
      CREATE TABLE llm_prompt_texts (
        hash TEXT NOT NULL PRIMARY KEY,
        text TEXT NOT NULL,
        last_used TEXT NOT NULL
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX llm_prompt_texts_by_use ON llm_prompt_texts (last_used);
    `);
  },
};
