import { helpers } from 'telegram';
import { describe, expect, it } from 'vitest';
import type { InboundEvent } from '../../../src/main/messaging/port';
import { markedChannelId } from '../../../src/main/telegram/mapping';
import type { TelegramAccountView, TelegramUpdateState } from '../../../src/shared/domain/telegram';
import { waitFor, withTimeout } from '../../support/fake-telegram';
import { startTelegramTestbed, TEST_TIMEOUT_MS } from './telegram-fixture';

const STEP_MS = 8_000;

const textOf = (message: { parts: readonly { kind: string; text?: string }[] }) =>
  message.parts.map((part) => part.text ?? '').join('');

/** What the agent saw, in a few words per event, with the chat it came from. */
function seen(events: readonly InboundEvent[]): string[] {
  return events.flatMap((event) => {
    if (event.type === 'message') return [`${event.message.channelId} message ${textOf(event.message)}`];
    if (event.type === 'edit') return [`${event.message.channelId} edit ${textOf(event.message)}`];
    if (event.type === 'delete') return [`${event.channelId} delete ${event.messageIds.join(',')}`];
    return [];
  });
}

/** Where the account's update state is kept, as the session store keeps it: the last one saved. */
function updateStateOf(saved: TelegramUpdateState[]) {
  return { load: () => saved.at(-1) ?? null, save: (state: TelegramUpdateState) => void saved.push(state) };
}

/** An agent and two people in a supergroup, the agent's account connected and listening. */
async function setup(options: Parameters<typeof startTelegramTestbed>[0] = {}) {
  const testbed = await startTelegramTestbed(options);
  const { fake } = testbed;
  const agent = fake.createUser({ phone: '+1 555 060 0001', firstName: 'Agent', username: 'agent_sg' });
  const alice = fake.createUser({ phone: '+1 555 060 0002', firstName: 'Alice' });
  const bob = fake.createUser({ phone: '+1 555 060 0003', firstName: 'Bob' });
  const group = fake.createChannel({ title: 'Night owls', memberIds: [agent.id, alice.id, bob.id] });
  const saved: TelegramUpdateState[] = [];
  await testbed.accounts.connect(
    'A',
    await testbed.connectOptions(agent, { updateState: updateStateOf(saved) }),
  );
  const events: InboundEvent[] = [];
  testbed.port.subscribe((event) => events.push(event));
  const states: TelegramAccountView['connection'][] = [];
  testbed.accounts.onChange((_name, view) => view && states.push(view.connection));
  await waitFor(() => saved.length > 0, STEP_MS, 'the account taking its first update state');
  const chatId = markedChannelId(helpers.returnBigInt(group.id.toString()));
  return { testbed, fake, agent, alice, bob, group, chatId, events, states, saved };
}

describe('Telegram port: supergroups', () => {
  it('hears the group live (messages, typing), and its replies, typing, history and read mark reach the group', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { testbed, fake, agent, alice, bob, group, chatId, events } = await setup();
    try {
      const hello = fake.channelSays(alice.id, group.id, 'evening, @agent_sg');
      await waitFor(() => seen(events).length === 1, STEP_MS, 'the live group message');
      const [event] = events;
      expect(seen(events)).toEqual([`${chatId} message evening, @agent_sg`]);
      expect(event?.type === 'message' && event.message.senderId).toBe(Number(alice.id));

      const sent = await withTimeout(
        testbed.port.sendText('A', chatId, {
          text: 'hi both',
          replyTo: hello.messageId,
          idempotencyKey: 'sg-1',
        }),
        STEP_MS,
        'the reply',
      );
      // Everyone in the group sees one message, with the same id, replying to Alice's.
      const asBobSees = fake.messagesInChannel(bob.id, group.id);
      expect(asBobSees.map(({ id, text, replyToId, out }) => ({ id, text, replyToId, out }))).toEqual([
        { id: hello.messageId, text: 'evening, @agent_sg', replyToId: null, out: false },
        { id: sent.messageId, text: 'hi both', replyToId: hello.messageId, out: false },
      ]);
      expect(fake.messagesInChannel(agent.id, group.id).at(-1)?.out).toBe(true);

      expect(await testbed.port.getChat('A', chatId)).toMatchObject({
        channelId: chatId,
        kind: 'group',
        title: 'Night owls',
        participantCount: 3,
        partner: null,
      });
      const history = await testbed.port.fetchHistory('A', chatId, { limit: 10 });
      expect(history.map((message) => [message.messageId, textOf(message), message.isAgent])).toEqual([
        [hello.messageId, 'evening, @agent_sg', false],
        [sent.messageId, 'hi both', true],
      ]);

      // Typing, both ways.
      fake.channelTypes(bob.id, group.id);
      await waitFor(
        () =>
          events.some(
            (event) =>
              event.type === 'typing' && event.channelId === chatId && event.userId === Number(bob.id),
          ),
        STEP_MS,
        'Bob typing in the group',
      );
      await testbed.port.setTyping('A', chatId, 'typing');
      expect(fake.typingLog.at(-1)).toEqual({
        fromId: agent.id,
        to: { kind: 'channel', id: group.id },
        action: 'SendMessageTypingAction',
      });

      fake.channelSays(bob.id, group.id, 'late again');
      const lastId = fake.messagesInChannel(agent.id, group.id).at(-1)!.id;
      await waitFor(() => seen(events).length === 2, STEP_MS, 'a second group message');
      fake.channelReacts(
        alice.id,
        { channelId: group.id, messageId: sent.messageId, senderId: agent.id },
        '👍',
      );
      // The unread scan sees the group as Telegram's dialog list shows it.
      const [unread] = (await testbed.port.listUnread('A')).filter((chat) => chat.channelId === chatId);
      expect(unread).toMatchObject({
        unreadCount: 1,
        mentioned: true,
        unreadReactionMessageIds: [sent.messageId],
        lastMessageId: lastId,
      });
      await testbed.port.react('A', chatId, hello.messageId, '❤');
      expect(fake.messagesInChannel(alice.id, group.id)[0]?.reactions).toEqual([
        { userId: agent.id, emoji: '❤' },
      ]);
      // Its own reply read the group up to it; Alice's mention stays unread until cleared.
      expect(fake.channelUnread(agent.id, group.id)).toEqual({ messages: 1, mentions: 1, reactions: 1 });
      await testbed.port.markRead('A', chatId, {
        upToMessageId: lastId,
        clearMentions: true,
        clearReactions: true,
      });
      expect(fake.channelReadUpTo(agent.id, group.id)).toBe(lastId);
      expect(fake.channelUnread(agent.id, group.id)).toEqual({ messages: 0, mentions: 0, reactions: 0 });
    } finally {
      await testbed.close();
    }
  });

  it('catches up on the group after being cut off: messages, an edit and a deletion arrive once, in order', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { testbed, fake, agent, alice, bob, group, chatId, events, states } = await setup({
      reconnect: { initialDelayMs: 300, maxDelayMs: 600 },
    });
    try {
      fake.channelSays(alice.id, group.id, 'one');
      await waitFor(() => seen(events).length === 1, STEP_MS, 'the live message');

      fake.cutOff(agent.id);
      await waitFor(() => states.includes('reconnecting'), STEP_MS, 'the account noticing it is cut off');
      const two = fake.channelSays(alice.id, group.id, 'two');
      const three = fake.channelSays(bob.id, group.id, 'three');
      fake.channelEdits(two, 'two, edited');
      fake.channelDeletes([three]);
      fake.restore(agent.id);

      await waitFor(() => seen(events).length === 5, STEP_MS, 'what was missed, after reconnecting');
      expect(seen(events)).toEqual([
        `${chatId} message one`,
        `${chatId} message two`,
        `${chatId} message three`,
        `${chatId} edit two, edited`,
        `${chatId} delete ${three.messageId}`,
      ]);

      // Live again, and nothing arrives twice.
      fake.channelSays(alice.id, group.id, 'four');
      await waitFor(() => seen(events).length === 6, STEP_MS, 'a live message after the catch-up');
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(seen(events).slice(5)).toEqual([`${chatId} message four`]);
    } finally {
      await testbed.close();
    }
  });

  it('catches up a group it had not heard from since it logged in, as Telegram names it in the difference', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { testbed, fake, agent, alice, group, chatId, events, states } = await setup({
      reconnect: { initialDelayMs: 300, maxDelayMs: 600 },
    });
    try {
      fake.cutOff(agent.id);
      await waitFor(() => states.includes('reconnecting'), STEP_MS, 'the account noticing it is cut off');
      fake.channelSays(alice.id, group.id, 'anyone here?');
      fake.channelSays(alice.id, group.id, 'hello?');
      fake.restore(agent.id);
      await waitFor(() => seen(events).length === 2, STEP_MS, 'the group messages of the outage');
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(seen(events)).toEqual([`${chatId} message anyone here?`, `${chatId} message hello?`]);
    } finally {
      await testbed.close();
    }
  });

  it('after a restart, asks the group for what came while it was closed, though the new client never saw it', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { testbed, fake, agent, alice, group, chatId, events, saved } = await setup();
    try {
      fake.channelSays(alice.id, group.id, 'before');
      await waitFor(() => seen(events).length === 1, STEP_MS, 'the live message');
      await waitFor(
        () => saved.at(-1)?.channelAccessHashes?.[String(chatId)] === group.accessHash.toString(),
        STEP_MS,
        'the group kept in the state, with its access hash',
      );
      await testbed.accounts.disconnect('A');

      fake.channelSays(alice.id, group.id, 'while closed');
      testbed.restart();
      const after: InboundEvent[] = [];
      testbed.port.subscribe((event) => after.push(event));
      await testbed.accounts.connect(
        'A',
        await testbed.connectOptions(agent, { updateState: updateStateOf(saved) }),
      );
      await waitFor(() => seen(after).length === 1, STEP_MS, 'the group message sent while closed');
      expect(seen(after)).toEqual([`${chatId} message while closed`]);
    } finally {
      await testbed.close();
    }
  });

  it('when the group kept too little to say what was missed, asks for the unread chats to be looked through', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const lost: string[] = [];
    const { testbed, fake, agent, alice, group, events, states } = await setup({
      reconnect: { initialDelayMs: 300, maxDelayMs: 600 },
      onUpdatesLost: (configName) => lost.push(configName),
    });
    try {
      fake.channelSays(alice.id, group.id, 'before');
      await waitFor(() => seen(events).length === 1, STEP_MS, 'the live message');
      fake.cutOff(agent.id);
      await waitFor(() => states.includes('reconnecting'), STEP_MS, 'the account noticing it is cut off');
      fake.channelSays(alice.id, group.id, 'long ago');
      fake.forgetChannelUpdates(group.id);
      fake.restore(agent.id);
      await waitFor(() => lost.length === 1, STEP_MS, 'the account saying updates were lost');
      expect(lost).toEqual(['A']);
    } finally {
      await testbed.close();
    }
  });
});
