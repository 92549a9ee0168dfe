import { Api } from 'telegram';
import type { TelegramUpdateState } from '../../../shared/domain/telegram';
import type { Clock } from '../../clock';
import type { Logger } from '../../logging';
import { markedChannelId } from '../mapping';
import { ChannelAccess, isChannelGone } from './channel-access';
import { entityMap, withEntities } from './difference-entities';
import { forEachAtMost } from './for-each-at-most';
import { placeOf, placesOfAnswer, type RawUpdate, type SequenceKey, type UpdatePlace } from './update-places';

/** How long a gap may wait for the updates that fill it (they can come out of order) before asking. */
export const GAP_WAIT_MS = 500;
/** How long new state waits to be written, so a burst of updates is written once. */
const SAVE_DELAY_MS = 1_000;
/** Messages asked per channel difference. */
const CHANNEL_DIFFERENCE_LIMIT = 100;
/**
 * Channels caught up at once: each is a sequence of its own, and live updates wait for the whole
 * catch-up, so an account in many groups should not pay one round trip per group in turn.
 */
const CHANNEL_CATCH_UP_CONCURRENCY = 4;

/** Where the account's place in its update sequences is kept (with its session). */
export interface UpdateStateStore {
  load(): TelegramUpdateState | null;
  save(state: TelegramUpdateState): void;
}

export interface UpdateSequenceDeps {
  invoke: <R extends Api.AnyRequest>(request: R) => Promise<R['__response']>;
  /** The channel to ask a difference of, from the client's entity cache; null when unknown. */
  inputChannel: (channelId: number) => Promise<Api.TypeInputChannel | null>;
  /** Hands an update, live or caught up, to the inbound path, in order. */
  emit: (update: RawUpdate) => void;
  store: UpdateStateStore | null;
  clock: Clock;
  logger: Logger;
  /** Telegram could not list what was missed (too long ago): the unread scan has to find it. */
  lost: () => void;
}

/**
 * One account's place in Telegram's update sequences, and the catch-up that keeps nothing
 * missed. Each update that moves a pts is applied only in order: a duplicate is dropped, a gap
 * waits briefly for the updates that fill it and is then filled from `updates.getDifference`
 * (`updates.getChannelDifference` for a channel). After every (re)connection the account asks
 * for everything since the kept state. What was missed reaches the inbound path like live
 * updates, messages first, then edits, deletions and the rest, in Telegram's order; a live update
 * waits only while its own sequence is being caught up. A new login starts from Telegram's
 * current state: its history is the unread scan's business.
 */
export class UpdateSequence {
  readonly #deps: UpdateSequenceDeps;
  #state: TelegramUpdateState | null = null;
  #access = new ChannelAccess();
  /** Updates waiting for a gap before them to be filled, by pts. */
  #held: { update: RawUpdate; place: UpdatePlace }[] = [];
  #catchingUp: Promise<void> | null = null;
  /**
   * The sequences a catch-up is still asking about, whose live updates wait for it: all of them
   * while the common box is asked (it can name channels), then the channels not done yet.
   */
  #waiting: Set<string> | 'all' | null = null;
  #catchUpAgain = false;
  #cancelGapWait: (() => void) | null = null;
  #cancelSave: (() => void) | null = null;
  #stopped = false;

  constructor(deps: UpdateSequenceDeps) {
    this.#deps = deps;
  }

  /** Where the sequences stand now (null before the first connection settled it). */
  get state(): TelegramUpdateState | null {
    if (!this.#state) return null;
    const channels = { ...this.#state.channels };
    return { ...this.#state, channels, channelAccessHashes: this.#access.of(Object.keys(channels)) };
  }

  /**
   * After each connection: a first login takes Telegram's current state; otherwise everything
   * since the kept state is asked for. Resolves once caught up.
   */
  async connected(): Promise<void> {
    if (this.#state === null) {
      const kept = this.#deps.store?.load() ?? null;
      this.#state = kept
        ? { pts: kept.pts, qts: kept.qts, date: kept.date, seq: kept.seq, channels: { ...kept.channels } }
        : null;
      this.#access = new ChannelAccess(kept?.channelAccessHashes);
    }
    if (this.#state === null) {
      const current = await this.#deps.invoke(new Api.updates.GetState());
      this.#state = {
        pts: current.pts,
        qts: current.qts,
        date: current.date,
        seq: current.seq,
        channels: {},
      };
      this.#saveNow();
      return;
    }
    await this.catchUp();
  }

  /** A live update from the connection. */
  receive(update: RawUpdate): void {
    if (this.#stopped) return;
    if (update instanceof Api.UpdatesTooLong) {
      void this.catchUp();
      return;
    }
    this.#learnChannels((update as { _entities?: Map<string, unknown> })._entities?.values() ?? []);
    if (update instanceof Api.UpdateChannelTooLong) {
      void this.catchUp([markedChannelId(update.channelId)]);
      return;
    }
    const place = placeOf(update);
    if (!place || this.#state === null) {
      this.#deps.emit(update);
      return;
    }
    if (this.#waits(place.key)) {
      this.#hold(update, place);
      return;
    }
    this.#apply(update, place);
  }

  /** An RPC answer to `request`: the agent's own actions move its pts too (a channel's, in a channel). */
  answered(answer: unknown, request?: Api.AnyRequest): void {
    if (this.#state === null || this.#stopped) return;
    for (const place of placesOfAnswer(answer, request)) {
      const local = this.#ptsOf(place.key);
      if (local === undefined || local + place.ptsCount === place.pts) this.#setPts(place.key, place.pts);
      else if (local + place.ptsCount < place.pts) this.#gapFound();
    }
    this.#drainHeld();
  }

  /**
   * Asks Telegram for what the account missed: the common box, then each channel it follows (or
   * only `channels`, a few at a time), until each difference is complete. One catch-up at a time;
   * asked again meanwhile, it runs once more after.
   */
  catchUp(channels?: readonly number[]): Promise<void> {
    if (this.#catchingUp) {
      this.#catchUpAgain = true;
      return this.#catchingUp;
    }
    this.#cancelGapWait?.();
    this.#cancelGapWait = null;
    this.#catchingUp = this.#catchUpNow(channels)
      .catch((error: unknown) => {
        // The connection went away again, most likely: the next connection catches up.
        this.#deps.logger.warn({ err: error }, 'catching up on missed Telegram updates failed');
      })
      .finally(() => {
        this.#catchingUp = null;
        this.#waiting = null;
        this.#drainHeld();
        if (this.#catchUpAgain && !this.#stopped) {
          this.#catchUpAgain = false;
          void this.catchUp();
        }
      });
    return this.#catchingUp;
  }

  /** Stops asking and writes where the sequences stand. */
  stop(): void {
    this.#stopped = true;
    this.#cancelGapWait?.();
    if (this.#cancelSave) this.#saveNow();
  }

  async #catchUpNow(channels?: readonly number[]): Promise<void> {
    if (this.#state === null) return;
    if (channels === undefined) {
      this.#waiting = 'all';
      await this.#commonDifference();
    }
    const keys = channels ?? Object.keys(this.#state.channels).map(Number);
    const waiting = new Set(keys.map(String));
    this.#waiting = waiting;
    // The common box is caught up: what it held follows on while the channels are asked.
    this.#drainHeld();
    await forEachAtMost(CHANNEL_CATCH_UP_CONCURRENCY, keys, async (channelId) => {
      if (this.#stopped) return;
      await this.#channelDifference(channelId);
      waiting.delete(String(channelId));
      this.#drainHeld();
    });
  }

  async #commonDifference(): Promise<void> {
    for (;;) {
      const state = this.#state;
      if (state === null || this.#stopped) return;
      const difference = await this.#deps.invoke(
        new Api.updates.GetDifference({ pts: state.pts, date: state.date, qts: state.qts }),
      );
      if (difference instanceof Api.updates.DifferenceEmpty) {
        state.date = difference.date;
        state.seq = difference.seq;
        this.#saveSoon();
        return;
      }
      if (difference instanceof Api.updates.DifferenceTooLong) {
        this.#deps.logger.warn({ from: state.pts, to: difference.pts }, 'too many Telegram updates missed');
        state.pts = difference.pts;
        this.#saveNow();
        this.#deps.lost();
        return;
      }
      this.#learnChannels(difference.chats);
      const entities = entityMap(difference.users, difference.chats);
      for (const message of difference.newMessages) {
        this.#deps.emit(withEntities(new Api.UpdateNewMessage({ message, pts: 0, ptsCount: 0 }), entities));
      }
      for (const update of difference.otherUpdates) {
        if (update instanceof Api.UpdateChannelTooLong) {
          state.channels[String(markedChannelId(update.channelId))] ??= update.pts ?? 0;
          continue;
        }
        this.#deps.emit(withEntities(update, entities));
      }
      const next =
        difference instanceof Api.updates.DifferenceSlice ? difference.intermediateState : difference.state;
      Object.assign(state, { pts: next.pts, qts: next.qts, date: next.date, seq: next.seq });
      this.#saveSoon();
      if (difference instanceof Api.updates.Difference) return;
    }
  }

  async #channelDifference(channelId: number): Promise<void> {
    const state = this.#state;
    if (state === null) return;
    const key = String(channelId);
    const channel = await this.#inputChannel(channelId);
    if (!channel) {
      // Left, or never seen by this client: nothing to ask for until it shows up again.
      this.#forgetChannel(key);
      return;
    }
    for (;;) {
      if (this.#stopped) return;
      let difference: Api.updates.TypeChannelDifference;
      try {
        difference = await this.#deps.invoke(
          new Api.updates.GetChannelDifference({
            channel,
            filter: new Api.ChannelMessagesFilterEmpty(),
            pts: Math.max(1, state.channels[key] ?? 1),
            limit: CHANNEL_DIFFERENCE_LIMIT,
          }),
        );
      } catch (error) {
        if (!isChannelGone(error)) throw error;
        // Left or removed meanwhile: its sequence is no longer the account's (the others go on).
        this.#deps.logger.info(
          { channel: key, err: error },
          'no longer in a Telegram channel; its updates are not followed',
        );
        this.#forgetChannel(key);
        return;
      }
      if (difference instanceof Api.updates.ChannelDifferenceEmpty) {
        state.channels[key] = difference.pts;
        this.#saveSoon();
        return;
      }
      if (difference instanceof Api.updates.ChannelDifferenceTooLong) {
        this.#learnChannels(difference.chats);
        const dialog = difference.dialog as { pts?: number };
        if (typeof dialog.pts === 'number') state.channels[key] = dialog.pts;
        this.#saveNow();
        this.#deps.lost();
        return;
      }
      this.#learnChannels(difference.chats);
      const entities = entityMap(difference.users, difference.chats);
      for (const message of difference.newMessages) {
        this.#deps.emit(
          withEntities(new Api.UpdateNewChannelMessage({ message, pts: 0, ptsCount: 0 }), entities),
        );
      }
      for (const update of difference.otherUpdates) this.#deps.emit(withEntities(update, entities));
      state.channels[key] = difference.pts;
      this.#saveSoon();
      if (difference.final) return;
    }
  }

  /** The channel to ask: by its kept access hash, else as the client knows it (then kept). */
  async #inputChannel(channelId: number): Promise<Api.TypeInputChannel | null> {
    const kept = this.#access.inputChannel(channelId);
    if (kept) return kept;
    const channel = await this.#deps.inputChannel(channelId);
    if (channel instanceof Api.InputChannel) {
      this.#access.keep(channel);
      this.#saveSoon();
    }
    return channel;
  }

  /** Keeps the access hashes of the channels among `entities`, and stops following those left. */
  #learnChannels(entities: Iterable<unknown>): void {
    if (this.#state === null) return;
    const { channels } = this.#state;
    const { changed, gone } = this.#access.learn(entities);
    const followedGone = gone.filter((key) => key in channels);
    for (const key of followedGone) delete channels[key];
    if (changed || followedGone.length > 0) this.#saveSoon();
  }

  #forgetChannel(key: string): void {
    if (this.#state) delete this.#state.channels[key];
    this.#access.forget(key);
    this.#saveSoon();
  }

  #apply(update: RawUpdate, place: UpdatePlace): void {
    const local = this.#ptsOf(place.key);
    // A channel first seen now: its pts starts here.
    if (local === undefined || local + place.ptsCount === place.pts) {
      this.#setPts(place.key, place.pts);
      this.#deps.emit(update);
      this.#drainHeld();
      return;
    }
    if (local + place.ptsCount > place.pts) return;
    this.#hold(update, place);
    this.#gapFound();
  }

  #hold(update: RawUpdate, place: UpdatePlace): void {
    this.#held.push({ update, place });
    this.#held.sort((a, b) => a.place.pts - b.place.pts);
  }

  /** Applies the held updates that now follow on, and drops those already applied. */
  #drainHeld(): void {
    if (this.#state === null) return;
    for (let progressed = true; progressed; ) {
      progressed = false;
      for (const held of [...this.#held]) {
        if (this.#waits(held.place.key)) continue;
        const local = this.#ptsOf(held.place.key);
        const stale = local !== undefined && local + held.place.ptsCount > held.place.pts;
        const next = local === undefined || local + held.place.ptsCount === held.place.pts;
        if (!stale && !next) continue;
        this.#held = this.#held.filter((candidate) => candidate !== held);
        if (next) {
          this.#setPts(held.place.key, held.place.pts);
          this.#deps.emit(held.update);
        }
        progressed = true;
      }
    }
    if (this.#held.length === 0) {
      this.#cancelGapWait?.();
      this.#cancelGapWait = null;
    } else {
      // Still a gap before them (say, held through a catch-up that stopped short of them):
      // wait for it to fill as for any gap, rather than for an update that may never come.
      this.#gapFound();
    }
  }

  /** A gap: unless the missing updates come within GAP_WAIT_MS, ask Telegram for them. */
  #gapFound(): void {
    if (this.#cancelGapWait || this.#catchingUp) return;
    this.#cancelGapWait = this.#deps.clock.setTimer(GAP_WAIT_MS, () => {
      this.#cancelGapWait = null;
      if (this.#stopped) return;
      const channels = [...new Set(this.#held.map((held) => held.place.key))];
      this.#held = [];
      const common = channels.includes('common') || channels.length === 0;
      void this.catchUp(common ? undefined : (channels as number[]));
    });
  }

  /** Whether the sequence's live updates wait for the catch-up running now. */
  #waits(key: SequenceKey): boolean {
    return this.#waiting === 'all' || (this.#waiting?.has(String(key)) ?? false);
  }

  #ptsOf(key: SequenceKey): number | undefined {
    if (this.#state === null) return undefined;
    return key === 'common' ? this.#state.pts : this.#state.channels[String(key)];
  }

  #setPts(key: SequenceKey, pts: number): void {
    if (this.#state === null) return;
    if (key === 'common') this.#state.pts = pts;
    else this.#state.channels[String(key)] = pts;
    this.#saveSoon();
  }

  #saveSoon(): void {
    if (this.#cancelSave || !this.#deps.store) return;
    this.#cancelSave = this.#deps.clock.setTimer(SAVE_DELAY_MS, () => this.#saveNow());
  }

  #saveNow(): void {
    this.#cancelSave?.();
    this.#cancelSave = null;
    if (this.#state && this.#deps.store) this.#deps.store.save(this.state!);
  }
}
