import { Api, helpers } from 'telegram';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/main/clock';
import type { InboundEvent } from '../../../src/main/messaging/port';
import { connectClient, waitFor, withTimeout } from '../../support/fake-telegram';
import { startTelegramTestbed, TEST_TIMEOUT_MS } from './telegram-fixture';

const STEP_MS = 8_000;
const bigInt = helpers.returnBigInt;

async function setup(options: Parameters<typeof startTelegramTestbed>[0] = {}) {
  const testbed = await startTelegramTestbed(options);
  const { fake } = testbed;
  const agent = fake.createUser({ phone: '+1 555 050 0001', firstName: 'Agent', username: 'agent_x' });
  const alice = fake.createUser({
    phone: '+1 555 050 0002',
    firstName: 'Alice',
    lastName: 'Wong',
    username: 'alice_w',
  });
  const bob = fake.createUser({ phone: '+1 555 050 0003', firstName: 'Bob' });
  fake.addContact(agent.id, alice.id);
  const events: InboundEvent[] = [];
  const connect = async (extra = {}) => {
    const view = await testbed.accounts.connect('A', await testbed.connectOptions(agent, extra));
    expect(view.connection).toBe('connected');
    testbed.port.subscribe((event) => events.push(event));
  };
  return { testbed, fake, agent, alice, bob, events, connect };
}

describe('Telegram port: messaging details', () => {
  it('sends one message for one idempotency key, even from a new port after a crash', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { testbed, fake, agent, alice, connect } = await setup();
    try {
      await connect();
      const message = { text: 'persisted before sending', replyTo: null, idempotencyKey: 'task-42/send-1' };
      const first = await withTimeout(testbed.port.sendText('A', Number(alice.id), message), STEP_MS, 'send');

      testbed.restart();
      await testbed.accounts.connect('A', await testbed.connectOptions(agent));
      const again = await withTimeout(
        testbed.port.sendText('A', Number(alice.id), message),
        STEP_MS,
        'resend',
      );

      expect(again.messageId).toBe(first.messageId);
      expect(fake.messagesBetween(agent.id, alice.id).map((sent) => sent.text)).toEqual([
        'persisted before sending',
      ]);
      expect(fake.messagesBetween(alice.id, agent.id)).toHaveLength(1);
    } finally {
      await testbed.close();
    }
  });

  it('sends markdown as Telegram formatting', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { testbed, fake, agent, alice, connect } = await setup();
    try {
      await connect();
      const markdown = 'That is **really** good, see [the docs](https://x.org/docs)\n> quoted 😀 line';
      const sent = await testbed.port.sendText('A', Number(alice.id), {
        text: markdown,
        replyTo: null,
        idempotencyKey: 'markdown-1',
      });
      const text = 'That is really good, see the docs\nquoted 😀 line';
      expect(fake.messagesBetween(alice.id, agent.id).map((received) => received.text)).toEqual([text]);

      // What Alice's own client receives from the server: the entities, not the markers.
      const client = await connectClient(fake, { session: await fake.createSession(alice.id) });
      const history = await withTimeout(
        client.invoke(
          new Api.messages.GetHistory({
            peer: new Api.InputPeerUser({ userId: bigInt(agent.id), accessHash: bigInt(agent.accessHash) }),
            offsetId: 0,
            offsetDate: 0,
            addOffset: 0,
            limit: 1,
            maxId: 0,
            minId: 0,
            hash: bigInt(0),
          }),
        ),
        STEP_MS,
        'history',
      );
      const [received] = 'messages' in history ? history.messages : [];
      expect(received).toBeInstanceOf(Api.Message);
      const entities = (received as Api.Message).entities ?? [];
      expect(entities.map((entity) => [entity.className, entity.offset, entity.length])).toEqual([
        ['MessageEntityBold', 8, 6],
        ['MessageEntityTextUrl', 25, 8],
        ['MessageEntityBlockquote', 34, 14],
      ]);
      expect(entities[1]).toMatchObject({ url: 'https://x.org/docs' });

      const [message] = await testbed.port.fetchHistory('A', Number(alice.id), { limit: 1 });
      expect(message).toMatchObject({
        messageId: sent.messageId,
        parts: [{ kind: 'text', text: markdown }],
      });
    } finally {
      await testbed.close();
    }
  });

  it('maps the short forms of new messages, with the sender’s names once known', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { testbed, fake, agent, alice, bob, events, connect } = await setup();
    try {
      await connect();
      const group = fake.createGroup({
        title: 'Friends',
        creatorId: alice.id,
        memberIds: [agent.id, bob.id],
      });
      const first = fake.userSays(alice.id, agent.id, 'first, in full');
      const short = fake.userSays(alice.id, agent.id, 'then short', { short: true });
      const inGroup = fake.groupSays(bob.id, group.id, '@agent_x hi', { short: true });
      await waitFor(() => events.length >= 3, STEP_MS, 'three message events');

      expect(events.map((event) => event.type === 'message' && event.message.messageId)).toEqual([
        first.idFor(agent.id),
        short.idFor(agent.id),
        inGroup.idFor(agent.id),
      ]);
      expect(events[1]).toMatchObject({
        message: {
          channelId: Number(alice.id),
          senderId: Number(alice.id),
          senderName: 'Alice Wong',
          parts: [{ kind: 'text', text: 'then short' }],
        },
      });
      expect(events[2]).toMatchObject({
        message: { channelId: -Number(group.id), senderId: Number(bob.id), mentioned: true },
      });
    } finally {
      await testbed.close();
    }
  });

  it('reports the partner reading the agent’s messages', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { testbed, fake, agent, alice, events, connect } = await setup();
    try {
      await connect();
      const sent = await testbed.port.sendText('A', Number(alice.id), {
        text: 'Read me',
        replyTo: null,
        idempotencyKey: 'r1',
      });
      fake.userReads(alice.id, agent.id);
      await waitFor(() => events.some((event) => event.type === 'read'), STEP_MS, 'the read event');
      expect(events).toContainEqual({
        type: 'read',
        agent: 'A',
        channelId: Number(alice.id),
        maxMessageId: sent.messageId,
      });
    } finally {
      await testbed.close();
    }
  });

  it('keeps mute state and the blocklist for a minute, then asks Telegram again', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const clock = new ManualClock();
    const { testbed, fake, agent, alice, connect } = await setup({ clock });
    try {
      await connect();
      const chat = Number(alice.id);
      expect(await testbed.port.isMuted('A', chat)).toBe(false);
      expect(await testbed.port.isBlocked('A', chat)).toBe(false);
      // The operator mutes and blocks from the phone.
      fake.setMuted(agent.id, alice.id, Math.floor(clock.now().getTime() / 1000) + 3_600);
      fake.setBlocked(agent.id, alice.id, true);

      clock.advance(59_000);
      expect(await testbed.port.isMuted('A', chat)).toBe(false);
      expect(await testbed.port.isBlocked('A', chat)).toBe(false);
      const count = (method: string) => fake.calls.filter((call) => call.method === method).length;
      expect([count('account.GetNotifySettings'), count('contacts.GetBlocked')]).toEqual([1, 1]);

      clock.advance(2_000);
      expect(await testbed.port.isMuted('A', chat)).toBe(true);
      expect(await testbed.port.isBlocked('A', chat)).toBe(true);
      expect(await testbed.port.canSend('A', chat)).toBe(false);
      expect([count('account.GetNotifySettings'), count('contacts.GetBlocked')]).toEqual([2, 2]);
    } finally {
      await testbed.close();
    }
  });

  it('lists the configured sets’ and Saved Messages’ stickers, premium ones only for Premium', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { testbed, fake, agent, connect } = await setup();
    try {
      fake.createStickerSet({
        shortName: 'Cats',
        title: 'Cats',
        stickers: [{ emoji: '😺' }, { emoji: '😻', premium: true }],
      });
      const dogs = fake.createStickerSet({ shortName: 'Dogs', title: 'Dogs', stickers: [{ emoji: '🐶' }] });
      fake.userSays(agent.id, agent.id, '', { media: dogs.stickers[0]!.document });
      await connect({ stickerSets: ['Cats'] });

      const stickers = await testbed.port.listStickers('A');
      expect(stickers.map((sticker) => `${sticker.setName}/${sticker.name}`)).toEqual(['Cats/😺', 'Dogs/🐶']);
      expect(stickers[1]).toMatchObject({
        setTitle: 'Dogs',
        uniqueId: dogs.stickers[0]!.document.id.toString(),
      });
      await expect(
        testbed.port.sendSticker('A', Number(agent.id), {
          setName: 'Cats',
          name: '😻',
          replyTo: null,
          idempotencyKey: 's1',
        }),
      ).rejects.toMatchObject({ name: 'StickerNotFoundError' });
    } finally {
      await testbed.close();
    }
  });
});
