import { join } from 'node:path';
import type { AgentConfig } from '../../shared/domain/config';
import type { StickerRef } from '../../shared/domain/conversation';
import { listMediaRecords } from '../config';
import type { MediaRef } from '../messaging/port';
import { curatedMedia, curatedStickers } from '../simulator';

/**
 * The curated stickers and media (photos, videos, files) of the config directories (their
 * `media/` records), reloaded with the configuration. The Simulator asks it synchronously, so the
 * records are read ahead of time.
 */
export class StickerCatalogue {
  #stickers: StickerRef[] = [];
  #media: MediaRef[] = [];

  /** Reads every config directory's media records; earlier directories win for a set and name or an id. */
  async reload(configDirs: readonly string[]): Promise<void> {
    const lists = await Promise.all(configDirs.map((dir) => listMediaRecords(join(dir, 'media'))));
    const records = lists.flatMap((list) => list.records);
    this.#stickers = curatedStickers(records);
    this.#media = curatedMedia(records);
  }

  /** The stickers of the agent's sticker sets, as an agent on Telegram could send them. */
  forAgent(agent: AgentConfig | undefined): StickerRef[] {
    if (!agent) return [];
    const sets = new Set(agent.stickerSets);
    return this.#stickers.filter((sticker) => sets.has(sticker.setName));
  }

  /**
   * Every curated non-sticker item, for any agent: nothing in an agent's configuration narrows it
   * down, as stickerSets do for stickers.
   */
  mediaFor(agent: AgentConfig | undefined): MediaRef[] {
    return agent ? [...this.#media] : [];
  }
}
