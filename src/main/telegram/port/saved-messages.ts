import { Api, helpers } from 'telegram';
import type { Clock } from '../../clock';
import type { MediaRef } from '../../messaging/port';
import type { TelegramAccount } from '../accounts';
import { classifyDocument, fileUniqueId } from '../mapping';
import { ExpiringCache } from './expiring-cache';

/** How long a scan of Saved Messages counts as current (the operator may save more files). */
export const SAVED_MESSAGES_TTL_MS = 5 * 60 * 1000;
/** How far back Saved Messages are searched for files. */
const SAVED_MESSAGES_SCANNED = 100;

/** A photo or non-sticker document the agent saved, as its media library names it. */
export interface SavedMediaFile {
  ref: MediaRef;
  file: Api.Photo | Api.Document;
  /** The saved messages that hold the file (it may be saved more than once). */
  messageIds: number[];
}

/** The files in the agent's latest Saved Messages, newest first, each file once. */
export interface SavedFiles {
  stickers: Api.Document[];
  /** Photos, videos, GIFs, audio and other documents. */
  media: SavedMediaFile[];
}

/**
 * The agent's Saved Messages as its library: the operator saves there the stickers and media the
 * agent may send. One scan (one messages.getHistory) serves both, and is kept for
 * SAVED_MESSAGES_TTL_MS; callers asking during a scan share it.
 */
export class SavedMessages {
  readonly #account: TelegramAccount;
  readonly #scans: ExpiringCache<'saved', Promise<SavedFiles>>;

  constructor(account: TelegramAccount, clock: Clock) {
    this.#account = account;
    this.#scans = new ExpiringCache(clock, SAVED_MESSAGES_TTL_MS);
  }

  scan(): Promise<SavedFiles> {
    const known = this.#scans.get('saved');
    if (known) return known;
    const scanning = this.#load();
    this.#scans.set('saved', scanning);
    // A failed scan is not kept: the next call tries again.
    scanning.catch(() => {
      if (this.#scans.get('saved') === scanning) this.#scans.delete('saved');
    });
    return scanning;
  }

  async media(): Promise<MediaRef[]> {
    return (await this.scan()).media.map((saved) => saved.ref);
  }

  async mediaFile(uniqueId: string): Promise<SavedMediaFile | null> {
    return (await this.scan()).media.find((saved) => saved.ref.uniqueId === uniqueId) ?? null;
  }

  /** Drops the last scan: the agent's library changed (a file was added or removed). */
  forget(): void {
    this.#scans.delete('saved');
  }

  async #load(): Promise<SavedFiles> {
    const answer = await this.#account.invoke(
      new Api.messages.GetHistory({
        peer: new Api.InputPeerSelf(),
        limit: SAVED_MESSAGES_SCANNED,
        offsetId: 0,
        offsetDate: 0,
        addOffset: 0,
        maxId: 0,
        minId: 0,
        hash: helpers.returnBigInt(0),
      }),
    );
    const files: SavedFiles = { stickers: [], media: [] };
    if (answer instanceof Api.messages.MessagesNotModified) return files;
    const media = new Map<string, SavedMediaFile>();
    const stickers = new Set<string>();
    for (const message of answer.messages) {
      const file = savedFile(message);
      if (!file) continue;
      const uniqueId = fileUniqueId(file);
      const known = media.get(uniqueId);
      if (known) {
        known.messageIds.push(message.id);
        continue;
      }
      const kind = file instanceof Api.Photo ? 'photo' : classifyDocument(file).mediaKind;
      if (kind !== 'sticker') {
        media.set(uniqueId, { ref: { uniqueId, kind, description: null }, file, messageIds: [message.id] });
      } else if (file instanceof Api.Document && !stickers.has(uniqueId)) {
        stickers.add(uniqueId);
        files.stickers.push(file);
      }
    }
    files.media.push(...media.values());
    return files;
  }
}

/** The photo or document a saved message holds; link previews are not the agent's files. */
function savedFile(message: Api.TypeMessage): Api.Photo | Api.Document | null {
  if (!(message instanceof Api.Message)) return null;
  const { media } = message;
  if (media instanceof Api.MessageMediaPhoto && media.photo instanceof Api.Photo) return media.photo;
  if (media instanceof Api.MessageMediaDocument && media.document instanceof Api.Document)
    return media.document;
  return null;
}
