import { Api } from 'telegram';
import type { MessageCopy, Store } from './store';
import type { Views } from './views';

/** The updates kept per mailbox for getDifference; older ones make a client that far behind "too long". */
export const KEPT_UPDATES = 1_000;
/** Updates per difference; more come as a slice, then the rest on the next call. */
export const DIFFERENCE_SLICE = 100;

/** One update that moved a mailbox's pts, as getDifference replays it. */
export interface LoggedUpdate {
  pts: number;
  ptsCount: number;
  update: Api.TypeUpdate;
  /** The message copies it is about, for the users and chats that go with it. */
  copies: readonly MessageCopy[];
}

/**
 * Telegram's memory of what happened in each mailbox, in pts order: every update that moved the
 * pts is kept (up to KEPT_UPDATES), so a client that was away can ask what it missed.
 */
export class UpdateLog {
  readonly #entries = new Map<bigint, LoggedUpdate[]>();
  /** Per mailbox, the pts before the oldest update kept: asked from before it, the gap is too long. */
  readonly #keptFrom = new Map<bigint, number>();

  record(ownerId: bigint, updates: readonly Api.TypeUpdate[], copies: readonly MessageCopy[]): void {
    const log = this.#entries.get(ownerId) ?? [];
    for (const update of updates) {
      const { pts, ptsCount } = update as { pts?: unknown; ptsCount?: unknown };
      if (typeof pts !== 'number' || typeof ptsCount !== 'number') continue;
      if (log.length === 0 && !this.#keptFrom.has(ownerId)) this.#keptFrom.set(ownerId, pts - ptsCount);
      log.push({ pts, ptsCount, update, copies });
    }
    while (log.length > KEPT_UPDATES) {
      const dropped = log.shift()!;
      this.#keptFrom.set(ownerId, dropped.pts);
    }
    this.#entries.set(ownerId, log);
  }

  /** Forgets the mailbox's updates so far, as Telegram does with old ones: asking from before is "too long". */
  forget(ownerId: bigint, currentPts: number): void {
    this.#entries.set(ownerId, []);
    this.#keptFrom.set(ownerId, currentPts);
  }

  /** What the owner missed since `pts`, as updates.getDifference answers. */
  difference(store: Store, views: Views, ownerId: bigint, pts: number): Api.updates.TypeDifference {
    const box = store.mailbox(ownerId);
    const date = Math.floor(Date.now() / 1000);
    if (pts >= box.pts) return new Api.updates.DifferenceEmpty({ date, seq: 0 });
    if (pts < (this.#keptFrom.get(ownerId) ?? 1)) return new Api.updates.DifferenceTooLong({ pts: box.pts });
    const missed = (this.#entries.get(ownerId) ?? []).filter((entry) => entry.pts > pts);
    const sliced = missed.length > DIFFERENCE_SLICE;
    const shown = sliced ? missed.slice(0, DIFFERENCE_SLICE) : missed;
    const newMessages = shown.flatMap((entry) =>
      entry.update instanceof Api.UpdateNewMessage ? [entry.update.message] : [],
    );
    const otherUpdates = shown.flatMap((entry) =>
      entry.update instanceof Api.UpdateNewMessage ? [] : [entry.update],
    );
    const { users, chats } = views.entitiesOf(
      shown.flatMap((entry) => entry.copies),
      ownerId,
    );
    const at = (statePts: number) =>
      new Api.updates.State({ pts: statePts, qts: 0, date, seq: 0, unreadCount: 0 });
    const fields = { newMessages, newEncryptedMessages: [], otherUpdates, users, chats };
    return sliced
      ? new Api.updates.DifferenceSlice({ ...fields, intermediateState: at(shown.at(-1)!.pts) })
      : new Api.updates.Difference({ ...fields, state: at(box.pts) });
  }
}
