import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/main/clock';
import { MessagingError } from '../../../src/main/messaging/port';
import { CONTACTS_TTL_MS } from '../../../src/main/telegram/port/account-context';
import { BLOCKLIST_TTL_MS } from '../../../src/main/telegram/port/blocklist';
import { ENTITY_TTL_MS } from '../../../src/main/telegram/port/entity-directory';
import { withTimeout } from '../../support/fake-telegram';
import { startTelegramTestbed, TEST_TIMEOUT_MS } from './telegram-fixture';

const STEP_MS = 8_000;

async function setup() {
  const clock = new ManualClock();
  const testbed = await startTelegramTestbed({ clock });
  const { fake } = testbed;
  const agent = fake.createUser({ phone: '+1 555 060 0001', firstName: 'Agent' });
  const alice = fake.createUser({ phone: '+1 555 060 0002', firstName: 'Alice' });
  const bob = fake.createUser({ phone: '+1 555 060 0003', firstName: 'Bob' });
  fake.addContact(agent.id, alice.id);
  const connect = async () => {
    const view = await testbed.accounts.connect('A', await testbed.connectOptions(agent));
    expect(view.connection).toBe('connected');
  };
  /** How many calls of one method the fake has answered so far. */
  const callsOf = (method: string) => fake.calls.filter((call) => call.method === method).length;
  return { clock, testbed, fake, agent, alice, bob, connect, callsOf };
}

function text(idempotencyKey: string) {
  return { text: 'hello', replyTo: null, idempotencyKey };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return withTimeout(
    promise.then(
      () => new Error('expected a rejection'),
      (error: unknown) => error,
    ),
    STEP_MS,
    'rejection',
  );
}

describe('Telegram port: caches', () => {
  it('reads a long blocklist in pages of 100, once per minute', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { clock, testbed, fake, agent, bob, connect, callsOf } = await setup();
    try {
      // 230 blocked users: the first one on page 1, the last two on page 3.
      const pest = (index: number) =>
        fake.createUser({
          phone: `+1 555 061 ${String(index).padStart(4, '0')}`,
          firstName: `Pest ${index}`,
        });
      const firstBlocked = pest(0);
      const blocked = [firstBlocked, ...Array.from({ length: 227 }, (_, index) => pest(index + 1))];
      const nearlyLastBlocked = pest(228);
      const lastBlocked = pest(229);
      blocked.push(nearlyLastBlocked, lastBlocked);
      for (const user of blocked) fake.setBlocked(agent.id, user.id, true);
      const first = Number(firstBlocked.id);
      const last = Number(lastBlocked.id);
      await connect();
      const isBlocked = (userId: number) =>
        withTimeout(testbed.port.isBlocked('A', userId), STEP_MS, `isBlocked ${userId}`);

      expect(await isBlocked(last)).toBe(true);
      expect(callsOf('contacts.GetBlocked')).toBe(3);
      expect(blocked).toHaveLength(230);
      expect(await isBlocked(first)).toBe(true);
      expect(await isBlocked(Number(bob.id))).toBe(false);
      expect(await testbed.port.canSend('A', last)).toBe(false);
      expect(await testbed.port.canSend('A', Number(bob.id))).toBe(true);

      // Unblocked from the phone: the cached list stands until it is a minute old.
      fake.setBlocked(agent.id, lastBlocked.id, false);
      clock.advance(BLOCKLIST_TTL_MS - 1);
      expect(await isBlocked(last)).toBe(true);
      expect(callsOf('contacts.GetBlocked')).toBe(3);

      clock.advance(1);
      expect(await isBlocked(last)).toBe(false);
      expect(await isBlocked(Number(nearlyLastBlocked.id))).toBe(true);
      expect(callsOf('contacts.GetBlocked')).toBe(6);
    } finally {
      await testbed.close();
    }
  });

  it('finds an unseen contact through one contacts fetch, kept for its TTL', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { clock, testbed, fake, agent, alice, bob, connect, callsOf } = await setup();
    try {
      await connect();
      const send = (userId: bigint, key: string) =>
        withTimeout(testbed.port.sendText('A', Number(userId), text(key)), STEP_MS, `send ${key}`);
      expect(callsOf('contacts.GetContacts')).toBe(0);

      // Two sends at once to a user never seen: one fetch serves both.
      await Promise.all([send(alice.id, 'alice-1'), send(alice.id, 'alice-2')]);
      expect(callsOf('contacts.GetContacts')).toBe(1);
      expect(fake.messagesBetween(alice.id, agent.id)).toHaveLength(2);

      await send(alice.id, 'alice-3');
      expect(callsOf('contacts.GetContacts')).toBe(1);

      // Bob is no contact: within the TTL the list just fetched answers for him too.
      const unknown = await rejection(testbed.port.sendText('A', Number(bob.id), text('bob-1')));
      expect(unknown).toBeInstanceOf(MessagingError);
      expect((unknown as MessagingError).retryable).toBe(false);
      expect(callsOf('contacts.GetContacts')).toBe(1);

      fake.addContact(agent.id, bob.id);
      clock.advance(CONTACTS_TTL_MS - 1);
      expect(await rejection(testbed.port.sendText('A', Number(bob.id), text('bob-2')))).toBeInstanceOf(
        MessagingError,
      );
      expect(callsOf('contacts.GetContacts')).toBe(1);

      clock.advance(1);
      await send(bob.id, 'bob-3');
      expect(callsOf('contacts.GetContacts')).toBe(2);
      expect(fake.messagesBetween(bob.id, agent.id).map((message) => message.text)).toEqual(['hello']);

      // Names go stale after the entity TTL, access hashes do not: no new lookup.
      clock.advance(ENTITY_TTL_MS + CONTACTS_TTL_MS);
      await send(alice.id, 'alice-4');
      await send(bob.id, 'bob-4');
      expect(callsOf('contacts.GetContacts')).toBe(2);
    } finally {
      await testbed.close();
    }
  });

  it('never looks groups or channels up among the contacts', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { testbed, fake, agent, alice, connect, callsOf } = await setup();
    try {
      const group = fake.createGroup({ title: 'Club', creatorId: alice.id, memberIds: [agent.id] });
      await connect();

      // A basic group needs no access hash: it is addressed as is.
      await withTimeout(
        testbed.port.sendText('A', -Number(group.id), text('group-1')),
        STEP_MS,
        'group send',
      );
      expect(callsOf('contacts.GetContacts')).toBe(0);

      // A channel never seen cannot be addressed, and no Telegram call can help.
      const unseenChannel = -1_000_000_000_777;
      const before = fake.calls.length;
      const failure = await rejection(testbed.port.sendText('A', unseenChannel, text('channel-1')));
      expect(failure).toBeInstanceOf(MessagingError);
      expect((failure as MessagingError).retryable).toBe(false);
      expect(
        await rejection(
          testbed.port.markRead('A', unseenChannel, {
            upToMessageId: 1,
            clearMentions: false,
            clearReactions: false,
          }),
        ),
      ).toBeInstanceOf(MessagingError);
      expect(fake.calls.length).toBe(before);
      expect(callsOf('contacts.GetContacts')).toBe(0);
    } finally {
      await testbed.close();
    }
  });

  it('refuses chat id 0 without asking Telegram', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { testbed, fake, connect } = await setup();
    try {
      await connect();
      const before = fake.calls.length;
      const attempts: Promise<unknown>[] = [
        testbed.port.sendText('A', 0, text('zero-1')),
        testbed.port.setTyping('A', 0, 'typing'),
        testbed.port.markRead('A', 0, { upToMessageId: 1, clearMentions: false, clearReactions: false }),
        testbed.port.block('A', 0),
        testbed.port.getChat('A', 0),
        testbed.port.canSend('A', 0),
        testbed.port.isMuted('A', 0),
      ];
      for (const attempt of attempts) {
        const failure = await rejection(attempt);
        expect(failure).toBeInstanceOf(MessagingError);
        expect((failure as MessagingError).retryable).toBe(false);
      }
      expect(fake.calls.length).toBe(before);
    } finally {
      await testbed.close();
    }
  });
});
