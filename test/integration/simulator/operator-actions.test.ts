import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MessagingError } from '../../../src/main/messaging/port';
import { SimulatorInputError, SimulatorNotFoundError } from '../../../src/main/simulator';
import { DATABASE_FILE_NAME } from '../../../src/main/store';
import { withRawDatabase } from '../../support/raw-database';
import { AGENT, AGENT_ACCOUNT, SimulatorFixture, STICKERS } from './simulator-fixture';

describe('Simulator operator actions', () => {
  let fixture: SimulatorFixture;
  afterEach(() => fixture.close());

  function open() {
    fixture = new SimulatorFixture();
    return fixture.simulator;
  }

  function directChat() {
    const simulator = open();
    const { chat, people } = simulator.createChat(AGENT, {
      kind: 'direct',
      people: [{ firstName: 'Ann', lastName: 'Reader', username: 'ann_reads', bio: 'Likes mysteries' }],
    });
    return { simulator, channelId: chat.channelId, personId: people[0]!.id };
  }

  describe('createChat', () => {
    it('creates a direct chat titled by its person, with the person’s profile', () => {
      const { simulator, channelId, personId } = directChat();
      expect(simulator.chat(AGENT, channelId)).toEqual({
        chat: {
          channelId: personId,
          kind: 'direct',
          title: 'Ann Reader',
          username: 'ann_reads',
          participantCount: null,
          description: null,
          partner: {
            id: personId,
            firstName: 'Ann',
            lastName: 'Reader',
            username: 'ann_reads',
            bio: 'Likes mysteries',
            phone: null,
            birthday: null,
          },
        },
        people: [expect.objectContaining({ id: personId, firstName: 'Ann' })],
      });
    });

    it('titles a group without a title by its people', () => {
      const simulator = open();
      const { chat, people } = simulator.createChat(AGENT, {
        kind: 'group',
        people: [{ firstName: 'Ann' }, { firstName: 'Bob' }, { firstName: 'Carla' }],
      });
      expect(chat).toMatchObject({
        kind: 'group',
        title: 'Ann, Bob, Carla',
        participantCount: 4,
        partner: null,
      });
      expect(people.map((person) => person.firstName)).toEqual(['Ann', 'Bob', 'Carla']);
    });

    it('refuses a direct chat with more than one person, and a chat with nobody', () => {
      const simulator = open();
      expect(() =>
        simulator.createChat(AGENT, { kind: 'direct', people: [{ firstName: 'Ann' }, { firstName: 'Bob' }] }),
      ).toThrow(/A direct chat has exactly one person/);
      expect(() => simulator.createChat(AGENT, { kind: 'group', people: [] })).toThrow(SimulatorInputError);
      expect(() => simulator.createChat(AGENT, { kind: 'direct', people: [{ firstName: '  ' }] })).toThrow(
        /first name/,
      );
    });

    it('refuses a username that is taken, given twice, the agent’s, or malformed', async () => {
      const { simulator } = directChat();
      const withUsername = (...usernames: string[]) =>
        simulator.createChat(AGENT, {
          kind: 'group',
          people: usernames.map((username) => ({ firstName: 'X', username })),
        });
      expect(() => withUsername('ANN_READS')).toThrow(/@ANN_READS is taken by Ann Reader/);
      expect(() => withUsername('bob_b', 'Bob_B')).toThrow(/given twice/);
      expect(() => withUsername(AGENT_ACCOUNT.username!)).toThrow(/agent's own/);
      expect(() => withUsername('no spaces allowed')).toThrow(SimulatorInputError);
      expect(await simulator.listChats(AGENT, { limit: 10 })).toHaveLength(1);
    });

    it('lets another agent use the same username', () => {
      const { simulator } = directChat();
      expect(() =>
        simulator.createChat('Bob', {
          kind: 'direct',
          people: [{ firstName: 'Ann', username: 'ann_reads' }],
        }),
      ).not.toThrow();
    });
  });

  describe('not found', () => {
    it('names the missing chat, person or message', async () => {
      const { simulator, channelId, personId } = directChat();
      expect(() => simulator.chat(AGENT, 42)).toThrow(SimulatorNotFoundError);
      expect(() => simulator.chat(AGENT, 42)).toThrow('Agent "Cindy" has no Simulator chat 42.');
      expect(() => simulator.chat('Bob', channelId)).toThrow(SimulatorNotFoundError);
      expect(() => simulator.sendAsPerson(AGENT, channelId, 7, { text: 'Hi' })).toThrow(
        `Simulator chat ${channelId} has no person 7.`,
      );
      expect(() => simulator.reactAsPerson(AGENT, channelId, personId, 99, '👍')).toThrow(
        `Simulator chat ${channelId} has no message 99.`,
      );
      expect(() => simulator.sendAsPerson(AGENT, channelId, personId, { text: 'Hi', replyTo: 99 })).toThrow(
        SimulatorNotFoundError,
      );
      await expect(simulator.block(AGENT, 12345)).rejects.toMatchObject({ thing: 'person' });
      await expect(simulator.getChat(AGENT, 42)).rejects.toBeInstanceOf(MessagingError);
    });

    it('refuses a sticker outside the curated stickers', () => {
      const { simulator, channelId, personId } = directChat();
      expect(() =>
        simulator.sendStickerAsPerson(AGENT, channelId, personId, { setName: 'WendyDancer', name: '🤖' }),
      ).toThrow(expect.objectContaining({ thing: 'sticker' }));
    });
  });

  describe('what people do', () => {
    it('sends a sticker with its curated description', () => {
      const { simulator, channelId, personId } = directChat();
      const sticker = STICKERS[1]!;
      const message = simulator.sendStickerAsPerson(AGENT, channelId, personId, {
        setName: sticker.setName,
        name: sticker.name,
      });
      expect(message.parts).toEqual([
        {
          kind: 'media',
          mediaKind: 'sticker',
          uniqueId: sticker.uniqueId,
          description: sticker.description,
          stickerSetName: sticker.setName,
          stickerSetTitle: sticker.setTitle,
          stickerName: sticker.name,
        },
      ]);
    });

    it('refuses blank and overlong text', () => {
      const { simulator, channelId, personId } = directChat();
      expect(() => simulator.sendAsPerson(AGENT, channelId, personId, { text: '   ' })).toThrow(
        SimulatorInputError,
      );
      expect(() => simulator.sendAsPerson(AGENT, channelId, personId, { text: 'x'.repeat(4097) })).toThrow(
        /at most 4096/,
      );
    });

    it('lets a person edit and delete only their own messages', async () => {
      const { simulator, channelId, personId } = directChat();
      const sent = await simulator.sendText(AGENT, channelId, {
        text: 'Mine',
        replyTo: null,
        idempotencyKey: 'k',
      });
      expect(() => simulator.editAsPerson(AGENT, channelId, personId, sent.messageId, 'Theirs')).toThrow(
        /can only edit their own messages/,
      );
      expect(() => simulator.deleteAsPerson(AGENT, channelId, personId, [sent.messageId])).toThrow(
        /can only delete their own messages/,
      );
    });

    it('refuses to edit a sticker', () => {
      const { simulator, channelId, personId } = directChat();
      const sticker = simulator.sendStickerAsPerson(AGENT, channelId, personId, {
        setName: STICKERS[0]!.setName,
        name: STICKERS[0]!.name,
      });
      expect(() => simulator.editAsPerson(AGENT, channelId, personId, sticker.messageId, 'text')).toThrow(
        /no text to edit/,
      );
    });

    it('marks an edit that adds a mention as mentioned', () => {
      const { simulator, channelId, personId } = directChat();
      const message = simulator.sendAsPerson(AGENT, channelId, personId, { text: 'hi' });
      const edited = simulator.editAsPerson(
        AGENT,
        channelId,
        personId,
        message.messageId,
        `hi @${AGENT_ACCOUNT.username}`,
      );
      expect(edited.mentioned).toBe(true);
    });

    it('makes nothing of a reaction the person already has', () => {
      const { simulator, channelId, personId } = directChat();
      const message = simulator.sendAsPerson(AGENT, channelId, personId, { text: 'hi' });
      simulator.reactAsPerson(AGENT, channelId, personId, message.messageId, '👍');
      const changes: string[] = [];
      simulator.onChange((change) => changes.push(change.type));
      const again = simulator.reactAsPerson(AGENT, channelId, personId, message.messageId, '👍');
      expect(again.reactions).toEqual([{ userId: personId, userName: 'Ann Reader', emoji: '👍' }]);
      expect(changes).toEqual([]);
    });

    it('replaces a person’s reaction instead of adding a second one', () => {
      const { simulator, channelId, personId } = directChat();
      const message = simulator.sendAsPerson(AGENT, channelId, personId, { text: 'hi' });
      simulator.reactAsPerson(AGENT, channelId, personId, message.messageId, '👍');
      const changed = simulator.reactAsPerson(AGENT, channelId, personId, message.messageId, '🔥');
      expect(changed.reactions.map((reaction) => reaction.emoji)).toEqual(['🔥']);
    });
  });

  describe('blocking', () => {
    it('keeps a person the agent blocked from writing in a direct chat, but not in a group', async () => {
      const { simulator, channelId, personId } = directChat();
      await simulator.block(AGENT, personId);
      expect(() => simulator.sendAsPerson(AGENT, channelId, personId, { text: 'Hello?' })).toThrow(
        /The agent has blocked Ann Reader/,
      );
      expect(() => simulator.typeAsPerson(AGENT, channelId, personId)).toThrow(SimulatorInputError);

      const group = simulator.createChat(AGENT, {
        kind: 'group',
        title: 'Walkers',
        people: [{ firstName: 'Bob' }],
      });
      const bob = group.people[0]!.id;
      await simulator.block(AGENT, bob);
      expect(() =>
        simulator.sendAsPerson(AGENT, group.chat.channelId, bob, { text: 'Still here' }),
      ).not.toThrow();
      expect(await simulator.canSend(AGENT, group.chat.channelId)).toBe(true);
    });

    it('lets a test make a person block the agent, so the agent cannot write to them', async () => {
      const { simulator, channelId, personId } = directChat();
      simulator.setPersonBlocksAgent(AGENT, personId, true);
      expect(await simulator.canSend(AGENT, channelId)).toBe(false);
      await expect(
        simulator.sendText(AGENT, channelId, { text: 'Hi', replyTo: null, idempotencyKey: 'k' }),
      ).rejects.toMatchObject({ retryable: false, message: 'Ann Reader has blocked the agent.' });
      expect(await simulator.isBlocked(AGENT, personId)).toBe(false);

      simulator.setPersonBlocksAgent(AGENT, personId, false);
      expect(await simulator.canSend(AGENT, channelId)).toBe(true);
    });
  });

  describe('mute', () => {
    it('mutes and unmutes a chat', async () => {
      const { simulator, channelId } = directChat();
      simulator.setMuted(AGENT, channelId, true);
      expect(await simulator.isMuted(AGENT, channelId)).toBe(true);
      simulator.setMuted(AGENT, channelId, false);
      expect(await simulator.isMuted(AGENT, channelId)).toBe(false);
    });
  });

  describe('listChats and messages', () => {
    it('lists chats with the newest activity first, their last message and unread count', async () => {
      const simulator = open();
      const ann = simulator.createChat(AGENT, { kind: 'direct', people: [{ firstName: 'Ann' }] });
      fixture.clock.advance(1_000);
      const group = simulator.createChat(AGENT, {
        kind: 'group',
        title: 'Walkers',
        people: [{ firstName: 'Bob' }],
      });
      fixture.clock.advance(1_000);
      simulator.sendAsPerson(AGENT, ann.chat.channelId, ann.people[0]!.id, { text: 'One' });
      const last = simulator.sendAsPerson(AGENT, ann.chat.channelId, ann.people[0]!.id, { text: 'Two' });

      expect(await simulator.listChats(AGENT, { limit: 10 })).toEqual([
        { channelId: ann.chat.channelId, kind: 'direct', title: 'Ann', lastMessage: last, unreadCount: 2 },
        {
          channelId: group.chat.channelId,
          kind: 'group',
          title: 'Walkers',
          lastMessage: null,
          unreadCount: 0,
        },
      ]);
      expect(await simulator.listChats('Bob', { limit: 10 })).toEqual([]);
      expect(await simulator.listChats(AGENT, { limit: 1 })).toHaveLength(1);
    });

    it('pages messages backwards and says whether older ones exist', () => {
      const { simulator, channelId, personId } = directChat();
      const ids = ['a', 'b', 'c', 'd', 'e'].map(
        (text) => simulator.sendAsPerson(AGENT, channelId, personId, { text }).messageId,
      );
      const newest = simulator.messages(AGENT, channelId, { limit: 2 });
      expect(newest.messages.map((message) => message.messageId)).toEqual(ids.slice(3));
      expect(newest.hasMore).toBe(true);
      const older = simulator.messages(AGENT, channelId, { limit: 3, beforeMessageId: ids[3]! });
      expect(older).toMatchObject({ hasMore: false });
      expect(older.messages.map((message) => message.messageId)).toEqual(ids.slice(0, 3));
      expect(() => simulator.messages(AGENT, channelId, { limit: 0 })).toThrow(RangeError);
    });
  });

  describe('deleteHistory', () => {
    it('without revoke, hides the history from the agent only; the people can still react to it', async () => {
      const { simulator, channelId, personId } = directChat();
      const hello = simulator.sendAsPerson(AGENT, channelId, personId, { text: 'Hello' });
      await simulator.deleteHistory(AGENT, channelId, { revoke: false });

      expect(await simulator.fetchHistory(AGENT, channelId, { limit: 10 })).toEqual([]);
      expect(simulator.messages(AGENT, channelId, { limit: 10 }).messages).toEqual([]);
      await expect(simulator.react(AGENT, channelId, hello.messageId, '👍')).rejects.toBeInstanceOf(
        SimulatorNotFoundError,
      );
      expect(() => simulator.reactAsPerson(AGENT, channelId, personId, hello.messageId, '👍')).not.toThrow();
    });

    it('with revoke, deletes the history of a direct chat for the person too', async () => {
      const { simulator, channelId, personId } = directChat();
      const hello = simulator.sendAsPerson(AGENT, channelId, personId, { text: 'Hello' });
      await simulator.deleteHistory(AGENT, channelId, { revoke: true });
      expect(() => simulator.reactAsPerson(AGENT, channelId, personId, hello.messageId, '👍')).toThrow(
        SimulatorNotFoundError,
      );
    });

    it('records each clear with its revoke flag', async () => {
      const { simulator, channelId, personId } = directChat();
      simulator.sendAsPerson(AGENT, channelId, personId, { text: 'Hello' });
      await simulator.deleteHistory(AGENT, channelId, { revoke: false });
      await simulator.deleteHistory(AGENT, channelId, { revoke: true });
      const clears = withRawDatabase(join(fixture.dir, DATABASE_FILE_NAME), (db) =>
        db.prepare('SELECT channel_id, up_to_message_id, revoke FROM sim_history_clears ORDER BY id').all(),
      );
      expect(clears).toEqual([
        { channel_id: channelId, up_to_message_id: 1, revoke: 0 },
        { channel_id: channelId, up_to_message_id: 1, revoke: 1 },
      ]);
    });

    it('sends a reply to a message the agent no longer sees as a plain message', async () => {
      const { simulator, channelId, personId } = directChat();
      const hello = simulator.sendAsPerson(AGENT, channelId, personId, { text: 'Hello' });
      await simulator.deleteHistory(AGENT, channelId, { revoke: false });
      await simulator.sendText(AGENT, channelId, {
        text: 'Hi',
        replyTo: hello.messageId,
        idempotencyKey: 'k',
      });
      const [sent] = await simulator.fetchHistory(AGENT, channelId, { limit: 10 });
      expect(sent?.replyToMessageId).toBeNull();
    });
  });

  describe('agent sends', () => {
    it('refuses empty and overlong text as permanent failures', async () => {
      const { simulator, channelId } = directChat();
      const send = (text: string) =>
        simulator.sendText(AGENT, channelId, { text, replyTo: null, idempotencyKey: text });
      await expect(send(' \n ')).rejects.toMatchObject({ retryable: false });
      await expect(send('x'.repeat(4097))).rejects.toMatchObject({ retryable: false });
    });

    it('sends to an unknown chat as a permanent not-found failure', async () => {
      const simulator = open();
      await expect(
        simulator.sendText(AGENT, 42, { text: 'Hi', replyTo: null, idempotencyKey: 'k' }),
      ).rejects.toMatchObject({ thing: 'chat', retryable: false });
    });
  });
});
