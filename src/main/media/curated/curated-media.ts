import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AgentConfig, ConfigProblem } from '../../../shared/domain/config';
import type { StickerRef } from '../../../shared/domain/conversation';
import { listMediaRecords, type MediaRecord } from '../../config';
import type { MediaRef } from '../../messaging/port';
import { curatedLibrary } from './curated-library';
import { curatedStickers } from './curated-stickers';

/** A curated record and the config directory it is in. */
export interface CuratedRecord {
  record: MediaRecord;
  /** The config directory (not its `media/` folder). */
  configDir: string;
  /** The media file the record names is there. */
  hasFile: boolean;
}

/** What of a record the console shows: a change in any of it is a change. */
function fingerprint(entry: CuratedRecord): string {
  const { file: _file, ...shown } = entry.record;
  return JSON.stringify([entry.configDir, entry.hasFile, shown]);
}

function changedIds(
  before: ReadonlyMap<string, CuratedRecord>,
  after: ReadonlyMap<string, CuratedRecord>,
): string[] {
  const changed: string[] = [];
  for (const [id, entry] of after) {
    const old = before.get(id);
    if (!old || fingerprint(old) !== fingerprint(entry)) changed.push(id);
  }
  for (const id of before.keys()) if (!after.has(id)) changed.push(id);
  return changed;
}

/** The names in a directory; none when it is missing. */
async function fileNames(dir: string): Promise<Set<string>> {
  try {
    return new Set(await readdir(dir));
  } catch {
    return new Set();
  }
}

/**
 * The curated media of the config directories (`<configDir>/media/*.json` and their files), read
 * whole at each configuration load (the config watcher reloads on edits). The first directory of
 * the config path wins for a unique id, as it does for prompts. Also the Simulator's sendable
 * stickers and library, which are made of these records.
 */
export class CuratedMedia {
  #byId = new Map<string, CuratedRecord>();
  #all: CuratedRecord[] = [];
  #configDirs: readonly string[] = [];
  #stickers: StickerRef[] = [];
  #library: MediaRef[] = [];
  #problems: ConfigProblem[] = [];

  /** The reload running, and the one asked for meanwhile (it runs next, once, with the latest dirs). */
  #running: Promise<unknown> = Promise.resolve();
  #queued: { dirs: readonly string[]; done: Promise<string[]> } | null = null;

  /**
   * Reads every config directory's media again; returns the ids whose record changed (added,
   * edited, removed, or now overridden), so the console can refresh just those. Reloads run one
   * at a time, so an older read never finishes last; those asked for while one runs are done
   * together by the next.
   */
  reload(configDirs: readonly string[]): Promise<string[]> {
    if (this.#queued) {
      this.#queued.dirs = configDirs;
      return this.#queued.done;
    }
    const queued: { dirs: readonly string[]; done: Promise<string[]> } = {
      dirs: configDirs,
      done: this.#running.then(() => {
        this.#queued = null;
        return this.#reloadNow(queued.dirs);
      }),
    };
    this.#queued = queued;
    this.#running = queued.done.catch(() => undefined);
    return queued.done;
  }

  async #reloadNow(configDirs: readonly string[]): Promise<string[]> {
    const before = this.#byId;
    const lists = await Promise.all(configDirs.map((dir) => listMediaRecords(join(dir, 'media'))));
    const present = await Promise.all(configDirs.map((dir) => fileNames(join(dir, 'media'))));
    const all = lists.flatMap((list, index) =>
      list.records.map((record) => ({
        record,
        configDir: configDirs[index]!,
        hasFile: record.mediaFile !== null && present[index]!.has(record.mediaFile),
      })),
    );
    const byId = new Map<string, CuratedRecord>();
    for (const entry of all) if (!byId.has(entry.record.uniqueId)) byId.set(entry.record.uniqueId, entry);
    const records = all.map((entry) => entry.record);
    this.#configDirs = [...configDirs];
    this.#all = all;
    this.#byId = byId;
    this.#stickers = curatedStickers(records);
    this.#library = curatedLibrary(records);
    this.#problems = lists.flatMap((list) => list.problems);
    return changedIds(before, byId);
  }

  get configDirs(): readonly string[] {
    return this.#configDirs;
  }

  /** Every record of every directory (an id may be in two; `get` gives the one that counts). */
  all(): readonly CuratedRecord[] {
    return this.#all;
  }

  /** What the last load found wrong (bad JSON, a field, a missing file). */
  problems(): readonly ConfigProblem[] {
    return this.#problems;
  }

  get(uniqueId: string): CuratedRecord | null {
    return this.#byId.get(uniqueId) ?? null;
  }

  /** The record of an id in one config directory. */
  inDirectory(uniqueId: string, configDir: string): CuratedRecord | null {
    return (
      this.#all.find((entry) => entry.configDir === configDir && entry.record.uniqueId === uniqueId) ?? null
    );
  }

  /** The bytes of the media file of a record (the effective one by default); null when it has none. */
  async fileBytes(uniqueId: string, entry = this.#byId.get(uniqueId)): Promise<Uint8Array | null> {
    if (!entry?.hasFile || !entry.record.mediaFile) return null;
    try {
      return await readFile(join(entry.configDir, 'media', entry.record.mediaFile));
    } catch {
      return null;
    }
  }

  /** The stickers of the agent's sticker sets, as an agent on Telegram could send them. */
  stickersFor(agent: AgentConfig | undefined): StickerRef[] {
    if (!agent) return [];
    const sets = new Set(agent.stickerSets);
    return this.#stickers.filter((sticker) => sets.has(sticker.setName));
  }

  /**
   * Every curated non-sticker item, for any agent: nothing in an agent's configuration narrows it
   * down, as stickerSets do for stickers.
   */
  libraryFor(agent: AgentConfig | undefined): MediaRef[] {
    return agent ? [...this.#library] : [];
  }
}
