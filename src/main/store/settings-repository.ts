import { z } from 'zod';
import { deepFreeze } from '../../shared/domain/deep-freeze';
import {
  DEFAULT_SETTINGS,
  type Settings,
  type SettingsPatch,
  SettingsPatchSchema,
  SettingsSchema,
} from '../../shared/domain/settings';
import type { Logger } from '../logging';
import { type Now, systemNow } from './clock';
import type { SqliteDatabase } from './migrations/migration';

type SettingsKey = keyof Settings;

/**
 * How each stored key is read back. Object-valued keys are read as partial objects laid over the
 * defaults, so a field added after the value was written gets its default instead of failing.
 */
const STORED_VALUE_SCHEMAS: { [K in SettingsKey]: z.ZodType<Settings[K]> } = {
  configPath: SettingsSchema.shape.configPath,
  llmBaseUrls: SettingsSchema.shape.llmBaseUrls
    .partial()
    .transform((stored) => ({ ...DEFAULT_SETTINGS.llmBaseUrls, ...stored })),
  engine: SettingsSchema.shape.engine
    .partial()
    .transform((stored) => ({ ...DEFAULT_SETTINGS.engine, ...stored })),
  telegramServer: SettingsSchema.shape.telegramServer
    .partial()
    .transform((stored) => ({ ...DEFAULT_SETTINGS.telegramServer, ...stored })),
  embeddings: SettingsSchema.shape.embeddings
    .partial()
    .transform((stored) => ({ ...DEFAULT_SETTINGS.embeddings, ...stored })),
  media: SettingsSchema.shape.media
    .partial()
    .transform((stored) => ({ ...DEFAULT_SETTINGS.media, ...stored })),
  translation: SettingsSchema.shape.translation
    .partial()
    .transform((stored) => ({ ...DEFAULT_SETTINGS.translation, ...stored })),
  desktop: SettingsSchema.shape.desktop
    .partial()
    .transform((stored) => ({ ...DEFAULT_SETTINGS.desktop, ...stored })),
};

const SETTINGS_KEYS = Object.keys(STORED_VALUE_SCHEMAS) as SettingsKey[];

interface SettingsRow {
  key: string;
  value_json: string;
}

/**
 * Operator settings, one row per top-level key, read back over `DEFAULT_SETTINGS`. The engine reads
 * them several times per turn, so they are kept in memory: this repository is the only writer,
 * `update` drops the copy, and a read inside a transaction (which may still roll back) keeps none.
 */
export class SettingsRepository {
  readonly #selectAll;
  readonly #upsert;
  readonly #logger: Logger;
  readonly #now: Now;
  readonly #db: SqliteDatabase;
  #current: Settings | null = null;

  constructor(db: SqliteDatabase, deps: { logger: Logger; now?: Now }) {
    this.#db = db;
    this.#logger = deps.logger;
    this.#now = deps.now ?? systemNow;
    this.#selectAll = db.prepare<[], SettingsRow>('SELECT key, value_json FROM settings');
    this.#upsert = db.prepare<{ key: string; valueJson: string; updatedAt: string }>(
      `INSERT INTO settings (key, value_json, updated_at) VALUES (@key, @valueJson, @updatedAt)
       ON CONFLICT (key) DO UPDATE SET value_json = excluded.value_json, updated_at = excluded.updated_at`,
    );
  }

  /**
   * The current settings, deeply frozen (callers read them, several times a turn, and copy to
   * change). A stored value that no longer parses falls back to its default, with a warning.
   */
  get(): Settings {
    let settings = this.#current;
    if (!settings) {
      settings = deepFreeze(this.#read());
      if (!this.#db.inTransaction) this.#current = settings;
    }
    return settings;
  }

  /** Applies a patch: top-level keys replace, object-valued keys merge per field. Returns the new settings. */
  update(patch: SettingsPatch): Settings {
    const validPatch = SettingsPatchSchema.parse(patch);
    try {
      return this.#db
        .transaction(() => {
          const current = this.get();
          const next = SettingsSchema.parse({
            ...current,
            ...validPatch,
            llmBaseUrls: { ...current.llmBaseUrls, ...validPatch.llmBaseUrls },
            engine: { ...current.engine, ...validPatch.engine },
            telegramServer: { ...current.telegramServer, ...validPatch.telegramServer },
            embeddings: { ...current.embeddings, ...validPatch.embeddings },
            media: { ...current.media, ...validPatch.media },
            translation: { ...current.translation, ...validPatch.translation },
            desktop: { ...current.desktop, ...validPatch.desktop },
          });
          const updatedAt = this.#now().toISOString();
          for (const key of SETTINGS_KEYS) {
            if (validPatch[key] !== undefined) {
              this.#upsert.run({ key, valueJson: JSON.stringify(next[key]), updatedAt });
            }
          }
          return next;
        })
        .immediate();
    } finally {
      this.#current = null;
    }
  }

  #read(): Settings {
    const settings = structuredClone(DEFAULT_SETTINGS);
    const rows = new Map(this.#selectAll.all().map((row) => [row.key, row.value_json]));
    for (const key of SETTINGS_KEYS) {
      const valueJson = rows.get(key);
      if (valueJson !== undefined) this.#readInto(settings, key, valueJson);
    }
    return settings;
  }

  #readInto<K extends SettingsKey>(settings: Settings, key: K, valueJson: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(valueJson);
    } catch {
      this.#logger.warn({ key }, 'stored setting is not valid JSON; using the default');
      return;
    }
    const result = STORED_VALUE_SCHEMAS[key].safeParse(parsed);
    if (result.success) {
      settings[key] = result.data;
      return;
    }
    const problems = result.error.issues.map((issue) => `${issue.path.join('.') || key}: ${issue.message}`);
    const salvaged = validFieldsOf(key, parsed);
    if (salvaged) {
      settings[key] = salvaged;
      this.#logger.warn({ key, problems }, 'stored setting has invalid fields; those use their defaults');
      return;
    }
    this.#logger.warn({ key, problems }, 'stored setting is invalid; using the default');
  }
}

/**
 * An object-valued setting whose stored value has a bad field (written by another version, or by
 * hand): its valid fields over the defaults, so one bad field does not reset the others. Null when
 * the value is no object, or the fields kept do not make a valid whole.
 */
function validFieldsOf<K extends SettingsKey>(key: K, stored: unknown): Settings[K] | null {
  const schema = SettingsSchema.shape[key];
  if (!(schema instanceof z.ZodObject) || typeof stored !== 'object' || stored === null) return null;
  const fields: Record<string, unknown> = { ...DEFAULT_SETTINGS[key] };
  for (const [field, fieldSchema] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const value = (stored as Record<string, unknown>)[field];
    if (value !== undefined && fieldSchema.safeParse(value).success) fields[field] = value;
  }
  const whole = schema.safeParse(fields);
  return whole.success ? (whole.data as Settings[K]) : null;
}
