import {
  type LlmPrice,
  type LlmPriceInput,
  LlmPriceInputSchema,
  LlmPriceSchema,
} from '../../shared/domain/prices';
import { type Now, systemNow } from './clock';
import type { SqliteDatabase } from './migrations/migration';
import { ReadCache } from './read-cache';

interface LlmPriceRow {
  model_id: string;
  provider: string;
  input_usd_per_mtok: number;
  output_usd_per_mtok: number;
  cached_input_usd_per_mtok: number | null;
  display_name: string;
  source: string;
  updated_at: string;
}

/** Path-style prefixes that name where a model lives rather than which model it is. */
const MODEL_PATH_PREFIX = /^models\//i;

/**
 * What may follow a catalogue id in a model name and still be that model: a dated or numbered
 * snapshot (`gpt-4o-mini-2024-07-18`, `gemini-2.0-flash-001`), a tag (`llama3.2:3b`), or a
 * `-latest`/`-preview`/`-exp` alias. A different variant (`gpt-5` + `-nano`, `grok-4` + `-1-fast`)
 * does not match.
 */
const SNAPSHOT_SUFFIX = /^(?:-\d{3,}|[:@]|-(?:latest|preview|exp)\b)/i;

/** Model names whose price is kept: the few a host's agents use, and a margin. */
const MODEL_NAMES_KEPT = 256;

function toPrice(row: LlmPriceRow): LlmPrice {
  return LlmPriceSchema.parse({
    modelId: row.model_id,
    provider: row.provider,
    displayName: row.display_name,
    inputUsdPerMtok: row.input_usd_per_mtok,
    outputUsdPerMtok: row.output_usd_per_mtok,
    cachedInputUsdPerMtok: row.cached_input_usd_per_mtok,
    source: row.source,
    updatedAt: row.updated_at,
  });
}

/**
 * The LLM price catalogue: what a million tokens of each model cost. Every LLM call is priced, so
 * what each model name was found to cost is kept until the catalogue changes.
 */
export class LlmPriceRepository {
  readonly #found: ReadCache<LlmPrice | null>;
  readonly #selectOne;
  readonly #selectAll;
  readonly #upsert;
  readonly #delete;
  readonly #now: Now;

  constructor(db: SqliteDatabase, deps: { now?: Now } = {}) {
    this.#found = new ReadCache(db, MODEL_NAMES_KEPT);
    this.#now = deps.now ?? systemNow;
    this.#selectOne = db.prepare<[string], LlmPriceRow>('SELECT * FROM llm_prices WHERE model_id = ?');
    this.#delete = db.prepare<[string]>('DELETE FROM llm_prices WHERE model_id = ?');
    this.#selectAll = db.prepare<[], LlmPriceRow>('SELECT * FROM llm_prices ORDER BY provider, model_id');
    this.#upsert = db.prepare<LlmPriceRow, LlmPriceRow>(
      `INSERT INTO llm_prices (model_id, provider, input_usd_per_mtok, output_usd_per_mtok,
         cached_input_usd_per_mtok, display_name, source, updated_at)
       VALUES (@model_id, @provider, @input_usd_per_mtok, @output_usd_per_mtok,
         @cached_input_usd_per_mtok, @display_name, @source, @updated_at)
       ON CONFLICT (model_id) DO UPDATE SET
         provider = excluded.provider,
         input_usd_per_mtok = excluded.input_usd_per_mtok,
         output_usd_per_mtok = excluded.output_usd_per_mtok,
         cached_input_usd_per_mtok = excluded.cached_input_usd_per_mtok,
         display_name = excluded.display_name,
         source = excluded.source,
         updated_at = excluded.updated_at
       RETURNING *`,
    );
  }

  /**
   * The price of a model as a provider names it, or null when the catalogue has none. Tries the
   * name as given (any case), then without a `models/` path, then without an OpenRouter vendor
   * (`openai/gpt-5-mini` is priced as `gpt-5-mini`), each also as a snapshot of a catalogue id.
   */
  get(model: string): LlmPrice | null {
    const price = this.#found.read(model, () => this.#lookUp(model));
    return price && { ...price };
  }

  #lookUp(model: string): LlmPrice | null {
    const names = candidateNames(model.trim());
    for (const name of names) {
      const row = this.#selectOne.get(name);
      if (row) return toPrice(row);
    }
    const rows = this.#selectAll.all();
    for (const name of names) {
      const snapshotOf = longestSnapshotMatch(name, rows);
      if (snapshotOf) return toPrice(snapshotOf);
    }
    return null;
  }

  /** Removes a model's price; false when the catalogue had none. Its calls then cost "unknown". */
  delete(modelId: string): boolean {
    this.#found.clear();
    return this.#delete.run(modelId).changes > 0;
  }

  /** Every price, by provider and model id. */
  list(): LlmPrice[] {
    return this.#selectAll.all().map(toPrice);
  }

  /** Adds or replaces the price of `modelId`; the row becomes the operator's. Returns it as stored. */
  upsert(input: LlmPriceInput): LlmPrice {
    const price = LlmPriceInputSchema.parse(input);
    this.#found.clear();
    const row = this.#upsert.get({
      model_id: price.modelId,
      provider: price.provider,
      input_usd_per_mtok: price.inputUsdPerMtok,
      output_usd_per_mtok: price.outputUsdPerMtok,
      cached_input_usd_per_mtok: price.cachedInputUsdPerMtok,
      display_name: price.displayName,
      source: 'operator',
      updated_at: this.#now().toISOString(),
    });
    return toPrice(row!);
  }
}

/** The model name, then the shorter names the same model may be catalogued under. */
function candidateNames(model: string): string[] {
  const withoutPath = model.replace(MODEL_PATH_PREFIX, '');
  const withoutVendor = withoutPath.slice(withoutPath.lastIndexOf('/') + 1);
  return [...new Set([model, withoutPath, withoutVendor].filter((name) => name !== ''))];
}

function longestSnapshotMatch(name: string, rows: readonly LlmPriceRow[]): LlmPriceRow | null {
  const lower = name.toLowerCase();
  let best: LlmPriceRow | null = null;
  for (const row of rows) {
    const id = row.model_id.toLowerCase();
    if (!lower.startsWith(id) || !SNAPSHOT_SUFFIX.test(lower.slice(id.length))) continue;
    if (best === null || id.length > best.model_id.length) best = row;
  }
  return best;
}
