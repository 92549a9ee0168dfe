import { Api, helpers } from 'telegram';
import type { Clock } from '../../clock';
import type { MediaRef } from '../../messaging/port';
import type { RawUpdate, TelegramAccount } from '../accounts';
import { classifyDocument, fileUniqueId, markedPeerId } from '../mapping';

/**
 * How long a read of Saved Messages stands without being read again. Updates keep it current
 * meanwhile; the reread is a safety net for what no update told (a client that was offline).
 */
export const SAVED_MESSAGES_TTL_MS = 60 * 60 * 1000;
/** Messages per page of Saved Messages. */
const PAGE_SIZE = 100;
/** The most pages read: ten thousand saved messages is a library, not a chat. */
const MAX_PAGES = 100;

/** A photo or non-sticker document the agent saved, as its media library names it. */
export interface SavedMediaFile {
  ref: MediaRef;
  file: Api.Photo | Api.Document;
  /** The saved messages that hold the file (it may be saved more than once). */
  messageIds: number[];
}

/** The files in the agent's Saved Messages, newest first, each file once. */
export interface SavedFiles {
  stickers: Api.Document[];
  /** Photos, videos, GIFs, audio and other documents. */
  media: SavedMediaFile[];
}

/** Every file of Saved Messages, with the messages holding it, as updates change them. */
class SavedLibrary {
  /** Newest first, as read. */
  readonly #files = new Map<string, { file: Api.Photo | Api.Document; messageIds: number[] }>();

  /** Adds a message's file; `newest` puts it first (a message saved now), else after the rest (reading back). */
  add(message: Api.TypeMessage, newest: boolean): void {
    const file = savedFile(message);
    if (!file) return;
    const uniqueId = fileUniqueId(file);
    const entry = this.#files.get(uniqueId) ?? { file, messageIds: [] };
    entry.messageIds.push(message.id);
    // A Map keeps the place of a key already in it: reading back, a file stays where first seen.
    if (!newest) {
      this.#files.set(uniqueId, entry);
      return;
    }
    const rest = [...this.#files].filter(([id]) => id !== uniqueId);
    this.#files.clear();
    this.#files.set(uniqueId, entry);
    for (const [id, other] of rest) this.#files.set(id, other);
  }

  /** Drops deleted messages; a file no message holds any more leaves the library. */
  remove(messageIds: readonly number[]): void {
    const gone = new Set(messageIds);
    for (const [uniqueId, entry] of this.#files) {
      const kept = entry.messageIds.filter((id) => !gone.has(id));
      if (kept.length === 0) this.#files.delete(uniqueId);
      else entry.messageIds = kept;
    }
  }

  files(): SavedFiles {
    const files: SavedFiles = { stickers: [], media: [] };
    for (const [uniqueId, { file, messageIds }] of this.#files) {
      const kind = file instanceof Api.Photo ? 'photo' : classifyDocument(file).mediaKind;
      if (kind !== 'sticker') {
        files.media.push({ ref: { uniqueId, kind, description: null }, file, messageIds: [...messageIds] });
      } else if (file instanceof Api.Document) {
        files.stickers.push(file);
      }
    }
    return files;
  }
}

/**
 * The agent's Saved Messages as its library: the operator saves there the stickers and media the
 * agent may send. It is read whole (page after page) once, shared by the callers asking while it
 * is read, then kept current from the account's updates (a file saved or deleted from any client
 * shows at once) and read again after SAVED_MESSAGES_TTL_MS.
 */
export class SavedMessages {
  readonly #account: TelegramAccount;
  readonly #clock: Clock;
  #library: SavedLibrary | null = null;
  #readAt = 0;
  #reading: Promise<SavedLibrary> | null = null;
  /** An update came while a read was under way: the read may have missed it, so it is not kept. */
  #changedWhileReading = false;

  constructor(account: TelegramAccount, clock: Clock) {
    this.#account = account;
    this.#clock = clock;
  }

  async scan(): Promise<SavedFiles> {
    const fresh = this.#library && this.#clock.now().getTime() - this.#readAt < SAVED_MESSAGES_TTL_MS;
    if (fresh && this.#library) return this.#library.files();
    return (await this.#read()).files();
  }

  async media(): Promise<MediaRef[]> {
    return (await this.scan()).media.map((saved) => saved.ref);
  }

  async mediaFile(uniqueId: string): Promise<SavedMediaFile | null> {
    return (await this.scan()).media.find((saved) => saved.ref.uniqueId === uniqueId) ?? null;
  }

  /** Drops what was read: the agent's library changed in a way no update tells. */
  forget(): void {
    this.#library = null;
    if (this.#reading) this.#changedWhileReading = true;
  }

  /** An update of the account: a message saved, edited or deleted in Saved Messages changes the library. */
  observe(update: RawUpdate, selfId: number): void {
    if (update instanceof Api.UpdateNewMessage && isSaved(update.message, selfId)) {
      if (this.#reading) this.#changedWhileReading = true;
      this.#library?.add(update.message, true);
    } else if (update instanceof Api.UpdateEditMessage && isSaved(update.message, selfId)) {
      // An edit can swap a file: read again rather than guess.
      this.forget();
    } else if (update instanceof Api.UpdateDeleteMessages) {
      if (this.#reading) this.#changedWhileReading = true;
      this.#library?.remove(update.messages);
    }
  }

  #read(): Promise<SavedLibrary> {
    if (this.#reading) return this.#reading;
    this.#changedWhileReading = false;
    const reading = this.#readAll();
    this.#reading = reading;
    reading
      .then((library) => {
        if (this.#reading !== reading) return;
        if (!this.#changedWhileReading) {
          this.#library = library;
          this.#readAt = this.#clock.now().getTime();
        }
      })
      // A failed read is not kept: the next call tries again.
      .catch(() => {})
      .finally(() => {
        if (this.#reading === reading) this.#reading = null;
      });
    return reading;
  }

  async #readAll(): Promise<SavedLibrary> {
    const library = new SavedLibrary();
    let offsetId = 0;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await this.#account.invoke(
        new Api.messages.GetHistory({
          peer: new Api.InputPeerSelf(),
          limit: PAGE_SIZE,
          offsetId,
          offsetDate: 0,
          addOffset: 0,
          maxId: 0,
          minId: 0,
          hash: helpers.returnBigInt(0),
        }),
      );
      if (answer instanceof Api.messages.MessagesNotModified) break;
      for (const message of answer.messages) library.add(message, false);
      const oldest = answer.messages.at(-1);
      if (answer.messages.length < PAGE_SIZE || !oldest) break;
      offsetId = oldest.id;
    }
    return library;
  }
}

/** A message of the agent's Saved Messages: its own chat with itself. */
function isSaved(message: Api.TypeMessage, selfId: number): boolean {
  const peer = (message as { peerId?: Api.TypePeer }).peerId;
  return peer !== undefined && markedPeerId(peer) === selfId;
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
