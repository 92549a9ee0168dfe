import { Api } from 'telegram';
import type { StickerRef } from '../../../shared/domain/conversation';
import type { Logger } from '../../logging';
import type { TelegramAccount } from '../accounts';
import {
  fileUniqueId,
  isPremiumSticker,
  type KnownStickerSet,
  type StickerSetInput,
  type StickerSetLookup,
  stickerRefsFromSet,
  stickerSetOf,
} from '../mapping';
import type { SavedMessages } from './saved-messages';

interface SendableSticker {
  ref: StickerRef;
  document: Api.Document;
}

/**
 * The stickers an agent may send: its configured sticker sets (fetched once per session) and
 * the stickers in its Saved Messages (see SavedMessages). Also the set lookup the message mapper
 * needs, so stickers in messages get their set's short name: sets are fetched on first sight and
 * kept for the session.
 */
export class StickerLibrary {
  readonly #account: TelegramAccount;
  readonly #logger: Logger;
  readonly #setsByName = new Map<string, Api.messages.StickerSet>();
  readonly #knownSets = new Map<string, KnownStickerSet>();
  readonly #saved: SavedMessages;
  /** The set resolution of each Saved Messages scan's stickers, so a scan resolves its sets once. */
  readonly #resolvedScans = new WeakMap<Api.Document[], Promise<void>>();

  constructor(account: TelegramAccount, saved: SavedMessages, logger: Logger) {
    this.#account = account;
    this.#saved = saved;
    this.#logger = logger;
  }

  readonly lookup: StickerSetLookup = (set) => this.#knownSets.get(setKey(set)) ?? null;

  /** Drops the sets fetched so far (their documents' file references expired): they are fetched again. */
  forgetSets(): void {
    this.#setsByName.clear();
  }

  /** Fetches the sets not known yet; a set that cannot be fetched stays unnamed. */
  async resolve(sets: readonly StickerSetInput[]): Promise<void> {
    for (const set of sets) {
      if (this.#knownSets.has(setKey(set))) continue;
      try {
        await this.#fetchSet(set);
      } catch (error) {
        this.#logger.debug({ err: error }, 'could not resolve a sticker set');
      }
    }
  }

  async list(premium: boolean): Promise<StickerRef[]> {
    return (await this.#sendable(premium)).map((sticker) => sticker.ref);
  }

  async document(setName: string, name: string, premium: boolean): Promise<Api.Document | null> {
    const found = (await this.#sendable(premium)).find(
      ({ ref }) => ref.setName.toLowerCase() === setName.toLowerCase() && ref.name === name,
    );
    return found?.document ?? null;
  }

  /** A sendable sticker's document by its file unique id. */
  async documentWithId(uniqueId: string, premium: boolean): Promise<Api.Document | null> {
    const found = (await this.#sendable(premium)).find(({ ref }) => ref.uniqueId === uniqueId);
    return found?.document ?? null;
  }

  /** Every sticker of a set (fetched once per session), each named by its emoji; null when there is no such set. */
  async setContents(
    name: string,
  ): Promise<{ set: Api.messages.StickerSet; stickers: SendableSticker[] } | null> {
    const set = await this.#setNamed(name);
    if (!set) return null;
    const stickers = set.documents
      .filter((document): document is Api.Document => document instanceof Api.Document)
      .map((document) => {
        const uniqueId = fileUniqueId(document);
        return {
          document,
          ref: {
            setName: set.set.shortName,
            setTitle: set.set.title || null,
            name: stickerAttribute(document)?.alt || `sticker_${uniqueId}`,
            uniqueId,
            description: null,
          },
        };
      });
    return { set, stickers };
  }

  async #setNamed(name: string): Promise<Api.messages.StickerSet | null> {
    return (
      this.#setsByName.get(name.toLowerCase()) ??
      this.#fetchSet(new Api.InputStickerSetShortName({ shortName: name }))
    );
  }

  async #sendable(premium: boolean): Promise<SendableSticker[]> {
    const sendable = new Map<string, SendableSticker>();
    const add = (sticker: SendableSticker) => {
      const key = `${sticker.ref.setName.toLowerCase()}\u0000${sticker.ref.name}`;
      if (!sendable.has(key)) sendable.set(key, sticker);
    };
    for (const name of this.#account.stickerSetNames) {
      const set = await this.#configuredSet(name);
      if (!set) continue;
      for (const ref of stickerRefsFromSet(set, { includePremium: premium })) {
        const document = set.documents.find(
          (candidate): candidate is Api.Document =>
            candidate instanceof Api.Document && fileUniqueId(candidate) === ref.uniqueId,
        );
        if (document) add({ ref, document });
      }
    }
    for (const document of await this.#savedStickers()) {
      if (!premium && isPremiumSticker(document)) continue;
      const ref = this.#savedStickerRef(document);
      if (ref) add({ ref, document });
    }
    return [...sendable.values()];
  }

  async #configuredSet(name: string): Promise<Api.messages.StickerSet | null> {
    const known = this.#setsByName.get(name.toLowerCase());
    if (known) return known;
    try {
      return await this.#fetchSet(new Api.InputStickerSetShortName({ shortName: name }));
    } catch (error) {
      this.#logger.warn({ err: error, stickerSet: name }, 'could not load a configured sticker set');
      return null;
    }
  }

  async #fetchSet(input: StickerSetInput): Promise<Api.messages.StickerSet | null> {
    const answer = await this.#account.invoke(new Api.messages.GetStickerSet({ stickerset: input, hash: 0 }));
    if (!(answer instanceof Api.messages.StickerSet)) return null;
    const { set } = answer;
    const known = { shortName: set.shortName, title: set.title || null };
    this.#setsByName.set(set.shortName.toLowerCase(), answer);
    this.#knownSets.set(setKey(new Api.InputStickerSetShortName({ shortName: set.shortName })), known);
    this.#knownSets.set(setKey(new Api.InputStickerSetID({ id: set.id, accessHash: set.accessHash })), known);
    return answer;
  }

  /** The stickers in Saved Messages, their sets resolved (once per scan). */
  async #savedStickers(): Promise<Api.Document[]> {
    const { stickers } = await this.#saved.scan();
    let resolving = this.#resolvedScans.get(stickers);
    if (!resolving) {
      resolving = this.resolve(
        stickers.flatMap((document) => stickerAttribute(document)?.stickerset ?? []).filter(isSetInput),
      );
      this.#resolvedScans.set(stickers, resolving);
    }
    await resolving;
    return stickers;
  }

  #savedStickerRef(document: Api.Document): StickerRef | null {
    const attribute = stickerAttribute(document);
    if (!attribute) return null;
    const set = stickerSetOf(attribute, this.lookup);
    if (!set.shortName) return null;
    const uniqueId = fileUniqueId(document);
    return {
      setName: set.shortName,
      setTitle: set.title,
      name: attribute.alt || `sticker_${uniqueId}`,
      uniqueId,
      description: null,
    };
  }
}

function stickerAttribute(document: Api.Document): Api.DocumentAttributeSticker | undefined {
  return document.attributes.find(
    (attribute): attribute is Api.DocumentAttributeSticker =>
      attribute instanceof Api.DocumentAttributeSticker,
  );
}

function isSetInput(set: Api.TypeInputStickerSet): set is StickerSetInput {
  return set instanceof Api.InputStickerSetID || set instanceof Api.InputStickerSetShortName;
}

function setKey(set: StickerSetInput): string {
  return set instanceof Api.InputStickerSetID
    ? `id:${set.id.toString()}`
    : `name:${set.shortName.toLowerCase()}`;
}
