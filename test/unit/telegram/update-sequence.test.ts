import bigInt from 'big-integer';
import { Api, errors } from 'telegram';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/main/clock';
import { createLogger } from '../../../src/main/logging';
import type { RawUpdate } from '../../../src/main/telegram/accounts';
import { GAP_WAIT_MS, UpdateSequence } from '../../../src/main/telegram/accounts/update-sequence';
import type { TelegramUpdateState } from '../../../src/shared/domain/telegram';

const ALICE = bigInt(501);
const CHANNEL = bigInt(777);
/** The channel's id as Troupe marks it. */
const CHANNEL_KEY = '-1000000000777';

function message(id: number, text: string, peer: Api.TypePeer = new Api.PeerUser({ userId: ALICE })) {
  return new Api.Message({ id, message: text, date: 1_700_000_000, peerId: peer });
}

const newMessage = (id: number, pts: number) =>
  new Api.UpdateNewMessage({ message: message(id, `m${id}`), pts, ptsCount: 1 });

const channelMessage = (id: number, pts: number) =>
  new Api.UpdateNewChannelMessage({
    message: message(id, `c${id}`, new Api.PeerChannel({ channelId: CHANNEL })),
    pts,
    ptsCount: 1,
  });

/** The emitted updates in words: "m5" for message 5, "del 3" for a deletion, ... */
function words(updates: readonly RawUpdate[]): string[] {
  return updates.map((update) => {
    if (update instanceof Api.UpdateNewMessage || update instanceof Api.UpdateNewChannelMessage) {
      return (update.message as Api.Message).message;
    }
    if (update instanceof Api.UpdateDeleteMessages) return `del ${update.messages.join(',')}`;
    return update.className;
  });
}

/** A request's answer, when a test answers each request itself (say, late). */
type Answer = (request: Api.AnyRequest) => Promise<unknown>;

/**
 * A sequence on a scripted Telegram: each request is answered by the next answer given, or by
 * `options.answer`. Only the channel CHANNEL_KEY is known, unless `options.anyChannel`.
 */
function sequence(
  stored: TelegramUpdateState | null,
  options: { answer?: Answer; anyChannel?: boolean } = {},
) {
  const clock = new ManualClock('2026-03-02T10:00:00Z');
  const emitted: RawUpdate[] = [];
  const requests: Api.AnyRequest[] = [];
  const answers: unknown[] = [];
  const saved: TelegramUpdateState[] = [];
  let lost = 0;
  const updates = new UpdateSequence({
    invoke: async (request) => {
      requests.push(request);
      if (options.answer) return (await options.answer(request)) as never;
      if (answers.length === 0) throw new Error(`no answer scripted for ${request.className}`);
      return answers.shift() as never;
    },
    inputChannel: async (channelId) =>
      options.anyChannel || String(channelId) === CHANNEL_KEY
        ? new Api.InputChannel({ channelId: bigInt(String(channelId).slice(4)), accessHash: bigInt(9) })
        : null,
    emit: (update) => emitted.push(update),
    store: { load: () => stored, save: (state) => void saved.push(state) },
    clock,
    logger: createLogger({ level: 'silent' }),
    lost: () => {
      lost++;
    },
  });
  const settle = async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  };
  return { updates, clock, emitted, requests, answers, saved, lost: () => lost, settle };
}

const STATE: TelegramUpdateState = { pts: 10, qts: 0, date: 1_700_000_000, seq: 0, channels: {} };
const apiState = (pts: number) =>
  new Api.updates.State({ pts, qts: 0, date: 1_700_000_100, seq: 0, unreadCount: 0 });

describe('update sequences', () => {
  let sut: ReturnType<typeof sequence>;
  afterEach(() => sut.updates.stop());

  it('starts a new login from Telegram’s current state, without asking for history', async () => {
    sut = sequence(null);
    sut.answers.push(apiState(42));
    await sut.updates.connected();
    expect(sut.requests.map((request) => request.className)).toEqual(['updates.GetState']);
    expect(sut.saved.at(-1)).toMatchObject({ pts: 42 });
    sut.updates.receive(newMessage(1, 43));
    expect(words(sut.emitted)).toEqual(['m1']);
  });

  it('applies updates in pts order: duplicates dropped, a gap filled by the updates that come late', async () => {
    sut = sequence(STATE);
    sut.answers.push(new Api.updates.DifferenceEmpty({ date: 1_700_000_050, seq: 0 }));
    await sut.updates.connected();
    sut.updates.receive(newMessage(1, 11));
    sut.updates.receive(newMessage(1, 11));
    sut.updates.receive(newMessage(3, 13));
    expect(words(sut.emitted)).toEqual(['m1']);
    sut.updates.receive(newMessage(2, 12));
    expect(words(sut.emitted)).toEqual(['m1', 'm2', 'm3']);
    sut.clock.advance(GAP_WAIT_MS * 2);
    await sut.settle();
    // Filled in time: Telegram was not asked.
    expect(sut.requests).toHaveLength(1);
    expect(sut.updates.state?.pts).toBe(13);
  });

  it('asks for the difference when a gap stays open, and takes the held update from it once', async () => {
    sut = sequence(STATE);
    sut.answers.push(new Api.updates.DifferenceEmpty({ date: 1_700_000_050, seq: 0 }));
    await sut.updates.connected();
    sut.updates.receive(newMessage(3, 13));
    sut.answers.push(
      new Api.updates.Difference({
        newMessages: [message(1, 'm1'), message(2, 'm2'), message(3, 'm3')],
        newEncryptedMessages: [],
        otherUpdates: [new Api.UpdateDeleteMessages({ messages: [1], pts: 14, ptsCount: 1 })],
        users: [],
        chats: [],
        state: apiState(14),
      }),
    );
    sut.clock.advance(GAP_WAIT_MS);
    await sut.settle();
    expect(sut.requests.at(-1)).toMatchObject({ className: 'updates.GetDifference', pts: 10 });
    expect(words(sut.emitted)).toEqual(['m1', 'm2', 'm3', 'del 1']);
    expect(sut.updates.state?.pts).toBe(14);
  });

  it('asks again when an update held during a catch-up still has a gap after it, with nothing more arriving', async () => {
    sut = sequence(STATE);
    sut.answers.push(new Api.updates.DifferenceEmpty({ date: 1_700_000_050, seq: 0 }));
    await sut.updates.connected();
    const difference = (messages: number[], pts: number) =>
      new Api.updates.Difference({
        newMessages: messages.map((id) => message(id, `m${id}`)),
        newEncryptedMessages: [],
        otherUpdates: [],
        users: [],
        chats: [],
        state: apiState(pts),
      });
    sut.updates.receive(newMessage(3, 13));
    sut.answers.push(difference([1, 2, 3], 13));
    sut.clock.advance(GAP_WAIT_MS);
    // Arrives while that catch-up runs, two updates past what it brings.
    sut.updates.receive(newMessage(6, 16));
    await sut.settle();
    expect(words(sut.emitted)).toEqual(['m1', 'm2', 'm3']);

    sut.answers.push(difference([4, 5, 6], 16));
    sut.clock.advance(GAP_WAIT_MS);
    await sut.settle();
    expect(sut.requests.at(-1)).toMatchObject({ className: 'updates.GetDifference', pts: 13 });
    expect(words(sut.emitted)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6']);
    expect(sut.updates.state?.pts).toBe(16);
  });

  it('follows slices to the end, then asks for each known channel’s difference', async () => {
    sut = sequence({ ...STATE, channels: { [CHANNEL_KEY]: 5 } });
    sut.answers.push(
      new Api.updates.DifferenceSlice({
        newMessages: [message(1, 'm1')],
        newEncryptedMessages: [],
        otherUpdates: [],
        users: [],
        chats: [],
        intermediateState: apiState(11),
      }),
      new Api.updates.Difference({
        newMessages: [message(2, 'm2')],
        newEncryptedMessages: [],
        otherUpdates: [],
        users: [],
        chats: [],
        state: apiState(12),
      }),
      new Api.updates.ChannelDifference({
        final: false,
        pts: 6,
        newMessages: [message(70, 'c70', new Api.PeerChannel({ channelId: CHANNEL }))],
        otherUpdates: [],
        users: [],
        chats: [],
      }),
      new Api.updates.ChannelDifferenceEmpty({ final: true, pts: 6 }),
    );
    await sut.updates.connected();
    expect(sut.requests.map((request) => request.className)).toEqual([
      'updates.GetDifference',
      'updates.GetDifference',
      'updates.GetChannelDifference',
      'updates.GetChannelDifference',
    ]);
    expect(sut.requests[1]).toMatchObject({ pts: 11 });
    expect(words(sut.emitted)).toEqual(['m1', 'm2', 'c70']);
    expect(sut.updates.state).toMatchObject({ pts: 12, channels: { [CHANNEL_KEY]: 6 } });
    // A live channel update after that follows on.
    sut.updates.receive(channelMessage(71, 7));
    expect(words(sut.emitted).at(-1)).toBe('c71');
  });

  /** A supergroup entity as it comes with updates; `min` copies carry no usable hash. */
  const channelEntity = (id: bigInt.BigInteger, fields: Partial<Api.Channel> = {}) =>
    new Api.Channel({
      id,
      accessHash: bigInt(4242),
      title: 'G',
      photo: new Api.ChatPhotoEmpty(),
      date: 0,
      ...fields,
    });
  const withEntitiesOf = <T extends RawUpdate>(update: T, ...entities: Api.Channel[]): T => {
    // As GramJS hands updates on: with the entities of the Updates they came in.
    (update as { _entities?: Map<string, unknown> })._entities = new Map(
      entities.map((entity) => [`-100${entity.id.toString().padStart(10, '0')}`, entity]),
    );
    return update;
  };

  it('keeps the access hash of a channel seen live, so a new client, after a restart, can still ask it', async () => {
    const other = bigInt(888);
    sut = sequence(STATE);
    sut.answers.push(new Api.updates.DifferenceEmpty({ date: 1_700_000_050, seq: 0 }));
    await sut.updates.connected();
    const live = new Api.UpdateNewChannelMessage({
      message: message(1, 'c1', new Api.PeerChannel({ channelId: other })),
      pts: 3,
      ptsCount: 1,
    });
    sut.updates.receive(withEntitiesOf(live, channelEntity(other), channelEntity(CHANNEL, { min: true })));
    sut.updates.stop();
    const kept = sut.saved.at(-1)!;
    expect(kept.channelAccessHashes).toEqual({ '-1000000000888': '4242' });

    // The new sequence's client knows no channel 888: the kept hash names it.
    sut = sequence(kept);
    sut.answers.push(
      new Api.updates.DifferenceEmpty({ date: 1_700_000_060, seq: 0 }),
      new Api.updates.ChannelDifferenceEmpty({ final: true, pts: 3 }),
    );
    await sut.updates.connected();
    const asked = sut.requests.at(-1) as Api.updates.GetChannelDifference;
    expect(asked.className).toBe('updates.GetChannelDifference');
    expect(asked.channel).toMatchObject({ channelId: other, accessHash: bigInt(4242) });
  });

  it('stops following a channel the account left or lost, and still asks the others', async () => {
    const left = bigInt(888);
    const lost = bigInt(999);
    const followed = { [CHANNEL_KEY]: 5, '-1000000000888': 5, '-1000000000999': 5 };
    const hashes = { [CHANNEL_KEY]: '1', '-1000000000888': '2', '-1000000000999': '3' };
    sut = sequence(
      { ...STATE, channels: followed, channelAccessHashes: hashes },
      {
        answer: async (request) => {
          if (request instanceof Api.updates.GetDifference)
            return new Api.updates.DifferenceEmpty({ date: 1_700_000_050, seq: 0 });
          const channel = (request as Api.updates.GetChannelDifference).channel as Api.InputChannel;
          if (channel.channelId.equals(lost)) throw new errors.RPCError('CHANNEL_PRIVATE', request, 406);
          return new Api.updates.ChannelDifferenceEmpty({ final: true, pts: 5 });
        },
      },
    );
    await sut.updates.connected();
    // Every channel was asked, the lost one too; only those still followed stay.
    expect(
      sut.requests.filter((request) => request.className === 'updates.GetChannelDifference'),
    ).toHaveLength(3);
    expect(Object.keys(sut.updates.state!.channels).sort()).toEqual([CHANNEL_KEY, '-1000000000888']);

    // Leaving shows in the entities of an update: that channel goes too, with its hash.
    sut.updates.receive(withEntitiesOf(newMessage(1, 11), channelEntity(left, { left: true })));
    expect(sut.updates.state).toMatchObject({
      channels: { [CHANNEL_KEY]: 5 },
      channelAccessHashes: { [CHANNEL_KEY]: '1' },
    });
    expect(Object.keys(sut.updates.state!.channels)).toEqual([CHANNEL_KEY]);
  });

  it('counts the agent’s own actions from RPC answers, so they open no gap', async () => {
    sut = sequence(STATE);
    sut.answers.push(new Api.updates.DifferenceEmpty({ date: 1_700_000_050, seq: 0 }));
    await sut.updates.connected();
    sut.updates.answered(new Api.messages.AffectedMessages({ pts: 11, ptsCount: 1 }));
    sut.updates.answered(
      new Api.UpdateShortSentMessage({ id: 9, pts: 12, ptsCount: 1, date: 1_700_000_060, out: true }),
    );
    sut.updates.receive(newMessage(4, 13));
    expect(words(sut.emitted)).toEqual(['m4']);
    sut.clock.advance(GAP_WAIT_MS);
    await sut.settle();
    expect(sut.requests).toHaveLength(1);
  });

  it('counts a read receipt in a channel in that channel’s sequence, not the common one', async () => {
    sut = sequence({ ...STATE, channels: { [CHANNEL_KEY]: 5 } });
    sut.answers.push(new Api.updates.DifferenceEmpty({ date: 1_700_000_050, seq: 0 }));
    sut.answers.push(new Api.updates.ChannelDifferenceEmpty({ pts: 5, final: true }));
    await sut.updates.connected();
    const requestsAfterCatchUp = sut.requests.length;
    sut.updates.answered(
      new Api.messages.AffectedHistory({ pts: 40, ptsCount: 1, offset: 0 }),
      new Api.messages.ReadMentions({
        peer: new Api.InputPeerChannel({ channelId: CHANNEL, accessHash: bigInt(1) }),
      }),
    );
    expect(sut.updates.state).toMatchObject({ pts: 10 });
    // The common box was not moved, so its next update follows on with no catch-up.
    sut.updates.receive(newMessage(4, 11));
    sut.clock.advance(GAP_WAIT_MS);
    await sut.settle();
    expect(words(sut.emitted)).toEqual(['m4']);
    expect(sut.requests).toHaveLength(requestsAfterCatchUp);
  });

  it('when the difference is too long, jumps to Telegram’s pts and says updates were lost', async () => {
    sut = sequence(STATE);
    sut.answers.push(new Api.updates.DifferenceTooLong({ pts: 5_000 }));
    await sut.updates.connected();
    expect(sut.lost()).toBe(1);
    expect(sut.saved.at(-1)).toMatchObject({ pts: 5_000 });
    expect(sut.emitted).toEqual([]);
  });

  /** Answers the common box's difference at once, and each channel's when the test says. */
  const channelsAnsweredLater = () => {
    const waiting = new Map<string, { answer: (value: unknown) => void; fail: (error: Error) => void }>();
    const answer: Answer = (request) => {
      if (request instanceof Api.updates.GetDifference) {
        return Promise.resolve(new Api.updates.DifferenceEmpty({ date: 1_700_000_050, seq: 0 }));
      }
      const channel = (request as Api.updates.GetChannelDifference).channel as Api.InputChannel;
      return new Promise((resolve, fail) =>
        waiting.set(`-1000000000${channel.channelId}`, { answer: resolve, fail }),
      );
    };
    return { answer, waiting };
  };
  const asked = (requests: readonly Api.AnyRequest[]) =>
    requests
      .filter((request) => request instanceof Api.updates.GetChannelDifference)
      .map((request) => `-1000000000${(request.channel as Api.InputChannel).channelId}`);

  it('catches up a few channels at once, and after a failure starts no more but keeps their places', async () => {
    const keys = [101, 102, 103, 104, 105, 106].map((id) => `-1000000000${id}`);
    const { answer, waiting } = channelsAnsweredLater();
    sut = sequence(
      { ...STATE, channels: Object.fromEntries(keys.map((key) => [key, 5])) },
      { answer, anyChannel: true },
    );
    const empty = (pts: number) => new Api.updates.ChannelDifferenceEmpty({ final: true, pts });

    const connected = sut.updates.connected();
    await sut.settle();
    expect(asked(sut.requests)).toEqual(keys.slice(0, 4));
    waiting.get(keys[0]!)!.answer(empty(6));
    await sut.settle();
    expect(asked(sut.requests)).toEqual(keys.slice(0, 5));

    waiting.get(keys[1]!)!.fail(new Error('the connection was lost'));
    for (const key of keys.slice(2, 5)) waiting.get(key)!.answer(empty(6));
    await connected;
    expect(asked(sut.requests)).toEqual(keys.slice(0, 5));
    expect(sut.updates.state?.channels).toEqual({
      [keys[0]!]: 6,
      [keys[1]!]: 5,
      [keys[2]!]: 6,
      [keys[3]!]: 6,
      [keys[4]!]: 6,
      [keys[5]!]: 5,
    });
  });

  it('delivers live updates of the common box while channels are caught up; a channel’s own wait for it', async () => {
    const { answer, waiting } = channelsAnsweredLater();
    sut = sequence({ ...STATE, channels: { [CHANNEL_KEY]: 5 } }, { answer });
    const connected = sut.updates.connected();
    await sut.settle();

    sut.updates.receive(newMessage(1, 11));
    sut.updates.receive(channelMessage(72, 7));
    expect(words(sut.emitted)).toEqual(['m1']);

    waiting.get(CHANNEL_KEY)!.answer(
      new Api.updates.ChannelDifference({
        final: true,
        pts: 6,
        newMessages: [message(71, 'c71', new Api.PeerChannel({ channelId: CHANNEL }))],
        otherUpdates: [],
        users: [],
        chats: [],
      }),
    );
    await connected;
    expect(words(sut.emitted)).toEqual(['m1', 'c71', 'c72']);
    expect(sut.updates.state).toMatchObject({ pts: 11, channels: { [CHANNEL_KEY]: 7 } });
  });
});
