import { join } from 'node:path';
import type { AgentConfig } from '../../shared/domain/config';
import type { StickerRef } from '../../shared/domain/conversation';
import { listMediaRecords } from '../config';
import { curatedStickers } from '../simulator';

/**
 * The curated stickers of the config directories (their `media/` records), reloaded with the
 * configuration. The Simulator asks it synchronously, so the records are read ahead of time.
 */
export class StickerCatalogue {
  #stickers: StickerRef[] = [];

  /** Reads every config directory's media records; earlier directories win for a set and name. */
  async reload(configDirs: readonly string[]): Promise<void> {
    const lists = await Promise.all(configDirs.map((dir) => listMediaRecords(join(dir, 'media'))));
    this.#stickers = curatedStickers(lists.flatMap((list) => list.records));
  }

  /** The stickers of the agent's sticker sets, as an agent on Telegram could send them. */
  forAgent(agent: AgentConfig | undefined): StickerRef[] {
    if (!agent) return [];
    const sets = new Set(agent.stickerSets);
    return this.#stickers.filter((sticker) => sets.has(sticker.setName));
  }
}
