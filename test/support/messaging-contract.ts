import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type InboundEvent,
  MediaNotFoundError,
  type MediaRef,
  MessagingError,
  type MessagingPort,
  StickerNotFoundError,
} from '../../src/main/messaging/port';
import { MEDIA_KINDS } from '../../src/shared/domain/config';
import { ChatMsgSchema } from '../../src/shared/domain/conversation';

/**
 * The behaviour every MessagingPort implementation must have. Run it with
 * `describeMessagingPortContract(name, setup)`; `setup` builds a fresh port and a driver that plays
 * the people on the other side (the Simulator's operator actions, or a fake MTProto server).
 */

export interface ContractPerson {
  id: number;
  firstName: string;
  lastName: string | null;
  username: string | null;
}

export interface ContractDirectChat {
  channelId: number;
  person: ContractPerson;
}

export interface ContractGroupChat {
  channelId: number;
  title: string;
  /** At least two. */
  people: ContractPerson[];
}

export interface PersonOptions {
  /** The person acting; the chat's first person when absent. */
  from?: number;
}

export interface MessagingContractHarness {
  port: MessagingPort;
  /**
   * An agent the port serves. Its account has a username (for @-mentions), at least one
   * sendable sticker and at least one media item, a photo among them.
   */
  agent: string;
  /** A new direct chat with a new person who has a username. */
  createDirectChat(): Promise<ContractDirectChat>;
  /** A new group of the agent and at least two new people. */
  createGroupChat(): Promise<ContractGroupChat>;
  /** A person writes; resolves to the new message's id. */
  personSays(
    channelId: number,
    text: string,
    options?: PersonOptions & { replyTo?: number },
  ): Promise<number>;
  personEdits(channelId: number, messageId: number, text: string, options?: PersonOptions): Promise<void>;
  personDeletes(channelId: number, messageIds: number[], options?: PersonOptions): Promise<void>;
  /** Sets, or with null removes, the person's reaction. */
  personReacts(
    channelId: number,
    messageId: number,
    emoji: string | null,
    options?: PersonOptions,
  ): Promise<void>;
  personTypes(channelId: number, options?: PersonOptions): Promise<void>;
  close(): Promise<void>;
}

/** How long a test waits for an inbound event before failing. */
const EVENT_TIMEOUT_MS = 5_000;

/** Every inbound event since it was created, and a way to wait for one. */
class EventLog {
  readonly events: InboundEvent[] = [];
  readonly #waiters = new Set<() => void>();
  readonly #unsubscribe: () => void;

  constructor(port: MessagingPort) {
    this.#unsubscribe = port.subscribe((event) => {
      this.events.push(event);
      for (const wake of [...this.#waiters]) wake();
    });
  }

  /** The first event (already logged or still to come) that matches. */
  waitFor<T extends InboundEvent['type']>(
    type: T,
    matches: (event: Extract<InboundEvent, { type: T }>) => boolean,
  ): Promise<Extract<InboundEvent, { type: T }>> {
    const find = () =>
      this.events.find(
        (event): event is Extract<InboundEvent, { type: T }> =>
          event.type === type && matches(event as Extract<InboundEvent, { type: T }>),
      );
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = find();
        if (!found) return;
        this.#waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(check);
        reject(
          new Error(
            `No matching "${type}" event within ${EVENT_TIMEOUT_MS} ms; got ${JSON.stringify(this.events)}`,
          ),
        );
      }, EVENT_TIMEOUT_MS);
      this.#waiters.add(check);
      check();
    });
  }

  close(): void {
    this.#unsubscribe();
    this.#waiters.clear();
  }
}

function fullName(person: ContractPerson): string {
  return person.lastName ? `${person.firstName} ${person.lastName}` : person.firstName;
}

function texts(messages: { parts: { kind: string; text?: string }[] }[]): (string | undefined)[] {
  return messages.map((message) => message.parts.find((part) => part.kind === 'text')?.text);
}

function freshKey(): string {
  return `contract-${randomUUID()}`;
}

export function describeMessagingPortContract(
  name: string,
  setup: () => Promise<MessagingContractHarness>,
): void {
  describe(`MessagingPort contract: ${name}`, () => {
    let harness: MessagingContractHarness;
    let port: MessagingPort;
    let agent: string;
    let log: EventLog;

    beforeEach(async () => {
      harness = await setup();
      port = harness.port;
      agent = harness.agent;
      log = new EventLog(port);
    });

    afterEach(async () => {
      log.close();
      await harness.close();
    });

    const sendText = (channelId: number, text: string, replyTo: number | null = null) =>
      port.sendText(agent, channelId, { text, replyTo, idempotencyKey: freshKey() });

    const history = (channelId: number) => port.fetchHistory(agent, channelId, { limit: 100 });

    const mediaOfKind = async (kind: MediaRef['kind']): Promise<MediaRef> => {
      const found = (await port.listMedia(agent)).find((item) => item.kind === kind);
      if (!found) throw new Error(`The harness agent must have a ${kind} in its media library.`);
      return found;
    };

    describe('identity and chats', () => {
      it('names the agent’s own account, with a username', async () => {
        const account = await port.self(agent);
        expect(Number.isInteger(account.id)).toBe(true);
        expect(account.name).not.toBe('');
        expect(account.username).toEqual(expect.any(String));
      });

      it('describes a direct chat by its partner', async () => {
        const { channelId, person } = await harness.createDirectChat();
        const chat = await port.getChat(agent, channelId);
        expect(chat).toMatchObject({ channelId, kind: 'direct', title: fullName(person) });
        expect(chat.partner).toMatchObject({
          id: person.id,
          firstName: person.firstName,
          lastName: person.lastName,
          username: person.username,
        });
      });

      it('finds a chat by its id and its partner by @username, and nothing for unknown ones', async () => {
        const { channelId, person } = await harness.createDirectChat();
        const group = await harness.createGroupChat();
        expect(await port.findChat(agent, { kind: 'id', id: channelId })).toMatchObject({
          channelId,
          kind: 'direct',
        });
        expect(await port.findChat(agent, { kind: 'id', id: group.channelId })).toMatchObject({
          kind: 'group',
        });
        const byName = await port.findChat(agent, {
          kind: 'username',
          username: person.username!.toUpperCase(),
        });
        expect(byName).toMatchObject({ channelId, title: fullName(person) });
        expect(await port.findChat(agent, { kind: 'username', username: 'nobody_here_at_all' })).toBeNull();
        expect(await port.findChat(agent, { kind: 'id', id: 987_654_321_012 })).toBeNull();
        expect(await port.findChat(agent, { kind: 'phone', phone: '+15550000999' })).toBeNull();
      });

      it('describes a group by its title and member count, the agent included', async () => {
        const group = await harness.createGroupChat();
        const chat = await port.getChat(agent, group.channelId);
        expect(chat).toMatchObject({
          channelId: group.channelId,
          kind: 'group',
          title: group.title,
          participantCount: group.people.length + 1,
          partner: null,
        });
      });

      it('starts a new chat empty, unmuted and writable', async () => {
        const { channelId } = await harness.createDirectChat();
        expect(await history(channelId)).toEqual([]);
        expect(await port.isMuted(agent, channelId)).toBe(false);
        expect(await port.canSend(agent, channelId)).toBe(true);
      });
    });

    describe('chat list', () => {
      const listed = async (...channelIds: number[]) =>
        (await port.listChats(agent, { limit: 50 })).filter((chat) => channelIds.includes(chat.channelId));

      it('lists a direct chat and a group with their titles, last messages and unread counts', async () => {
        const direct = await harness.createDirectChat();
        const group = await harness.createGroupChat();
        await harness.personSays(direct.channelId, 'Hi Cindy');
        const directLastId = await harness.personSays(direct.channelId, 'Free tonight?');
        const groupLastId = await harness.personSays(group.channelId, 'Next book, anyone?');

        const chats = await listed(direct.channelId, group.channelId);
        expect(chats).toEqual([
          {
            channelId: group.channelId,
            kind: 'group',
            title: group.title,
            lastMessage: expect.objectContaining({
              channelId: group.channelId,
              messageId: groupLastId,
              senderId: group.people[0]!.id,
              parts: [{ kind: 'text', text: 'Next book, anyone?' }],
            }),
            unreadCount: 1,
          },
          {
            channelId: direct.channelId,
            kind: 'direct',
            title: fullName(direct.person),
            lastMessage: expect.objectContaining({
              channelId: direct.channelId,
              messageId: directLastId,
              isAgent: false,
              parts: [{ kind: 'text', text: 'Free tonight?' }],
            }),
            unreadCount: 2,
          },
        ]);
        for (const chat of chats) expect(ChatMsgSchema.parse(chat.lastMessage)).toEqual(chat.lastMessage);
      });

      it('orders chats by their newest activity and honours the limit', async () => {
        const direct = await harness.createDirectChat();
        const group = await harness.createGroupChat();
        await harness.personSays(direct.channelId, 'First');
        await harness.personSays(group.channelId, 'Second');
        expect((await listed(direct.channelId, group.channelId)).map((chat) => chat.channelId)).toEqual([
          group.channelId,
          direct.channelId,
        ]);

        const latestId = await harness.personSays(direct.channelId, 'Third');
        const chats = await listed(direct.channelId, group.channelId);
        expect(chats.map((chat) => chat.channelId)).toEqual([direct.channelId, group.channelId]);
        expect(chats[0]?.lastMessage?.messageId).toBe(latestId);
        expect((await port.listChats(agent, { limit: 1 })).map((chat) => chat.channelId)).toEqual([
          direct.channelId,
        ]);
      });

      it('reads unread counts from the read mark', async () => {
        const { channelId } = await harness.createDirectChat();
        const firstId = await harness.personSays(channelId, 'One');
        await harness.personSays(channelId, 'Two');
        await port.markRead(agent, channelId, {
          upToMessageId: firstId,
          clearMentions: false,
          clearReactions: false,
        });
        expect((await listed(channelId))[0]?.unreadCount).toBe(1);
      });
    });

    describe('inbound messages', () => {
      it('delivers a person’s message as a message event with every ChatMsg field', async () => {
        const { channelId, person } = await harness.createDirectChat();
        const messageId = await harness.personSays(channelId, 'Hello there');
        const { message, agent: eventAgent } = await log.waitFor(
          'message',
          (event) => event.message.channelId === channelId,
        );
        expect(eventAgent).toBe(agent);
        expect(ChatMsgSchema.parse(message)).toEqual(message);
        expect(message).toEqual({
          channelId,
          messageId,
          senderId: person.id,
          senderName: fullName(person),
          senderUsername: person.username,
          isAgent: false,
          replyToMessageId: null,
          sentAt: expect.any(String),
          editedAt: null,
          parts: [{ kind: 'text', text: 'Hello there' }],
          reactions: [],
          mentioned: false,
        });
        expect(Number.isNaN(Date.parse(message.sentAt))).toBe(false);
      });

      it('marks an @-mention of the agent as mentioned, and other group messages not', async () => {
        const { channelId } = await harness.createGroupChat();
        const { username } = await port.self(agent);
        const plainId = await harness.personSays(channelId, 'Morning, everyone');
        const mentionId = await harness.personSays(channelId, `@${username} are you there?`);
        const plain = await log.waitFor('message', (event) => event.message.messageId === plainId);
        const mention = await log.waitFor('message', (event) => event.message.messageId === mentionId);
        expect(plain.message.mentioned).toBe(false);
        expect(mention.message.mentioned).toBe(true);
      });

      it('marks a reply to the agent’s message as mentioned', async () => {
        const group = await harness.createGroupChat();
        const sent = await sendText(group.channelId, 'Anyone up for a walk?');
        const replyId = await harness.personSays(group.channelId, 'Me!', {
          from: group.people[1]!.id,
          replyTo: sent.messageId,
        });
        const { message } = await log.waitFor('message', (event) => event.message.messageId === replyId);
        expect(message).toMatchObject({
          replyToMessageId: sent.messageId,
          mentioned: true,
          senderId: group.people[1]!.id,
        });
      });

      it('raises a typing event when a person types', async () => {
        const { channelId, person } = await harness.createDirectChat();
        await harness.personTypes(channelId);
        const event = await log.waitFor('typing', (candidate) => candidate.channelId === channelId);
        expect(event).toEqual({ type: 'typing', agent, channelId, userId: person.id });
      });

      it('raises an edit event with the new text when a person edits', async () => {
        const { channelId } = await harness.createDirectChat();
        const messageId = await harness.personSays(channelId, 'See you at 5');
        await harness.personEdits(channelId, messageId, 'See you at 6');
        const { message } = await log.waitFor('edit', (event) => event.message.messageId === messageId);
        expect(message.parts).toEqual([{ kind: 'text', text: 'See you at 6' }]);
        expect(message.editedAt).toEqual(expect.any(String));
        expect(texts(await history(channelId))).toEqual(['See you at 6']);
      });

      it('raises a delete event when a person deletes, and the message leaves the history', async () => {
        const { channelId } = await harness.createDirectChat();
        const keptId = await harness.personSays(channelId, 'Keep this');
        const deletedId = await harness.personSays(channelId, 'Oops, wrong chat');
        await harness.personDeletes(channelId, [deletedId]);
        const event = await log.waitFor('delete', (candidate) => candidate.messageIds.includes(deletedId));
        expect(event).toMatchObject({ agent, channelId, messageIds: [deletedId] });
        expect((await history(channelId)).map((message) => message.messageId)).toEqual([keptId]);
      });
    });

    describe('sending', () => {
      it('sends a reply that follows the person’s message in the history', async () => {
        const { channelId } = await harness.createDirectChat();
        const account = await port.self(agent);
        const personMessageId = await harness.personSays(channelId, 'How are you?');
        const sent = await sendText(channelId, 'Fine, thanks!', personMessageId);
        expect(sent.duplicate).toBe(false);
        expect(sent.messageId).toBeGreaterThan(personMessageId);
        const messages = await history(channelId);
        expect(messages.map((message) => message.messageId)).toEqual([personMessageId, sent.messageId]);
        expect(messages[1]).toMatchObject({
          channelId,
          senderId: account.id,
          isAgent: true,
          replyToMessageId: personMessageId,
          parts: [{ kind: 'text', text: 'Fine, thanks!' }],
          mentioned: false,
        });
      });

      it('raises no message event for the agent’s own sends', async () => {
        const { channelId } = await harness.createDirectChat();
        await sendText(channelId, 'Just me talking');
        // The person's message is a barrier: events arrive in order, so anything about the agent's
        // send would have come first.
        const laterId = await harness.personSays(channelId, 'I saw that');
        await log.waitFor('message', (event) => event.message.messageId === laterId);
        expect(log.events.filter((event) => event.type === 'message' && event.message.isAgent)).toEqual([]);
      });

      it('returns the first message for a repeated idempotency key and sends nothing new', async () => {
        const { channelId } = await harness.createDirectChat();
        const idempotencyKey = freshKey();
        const first = await port.sendText(agent, channelId, {
          text: 'Only once',
          replyTo: null,
          idempotencyKey,
        });
        const again = await port.sendText(agent, channelId, {
          text: 'Only once',
          replyTo: null,
          idempotencyKey,
        });
        expect(again).toEqual({ messageId: first.messageId, duplicate: true });
        expect(first.duplicate).toBe(false);
        expect(texts(await history(channelId))).toEqual(['Only once']);
      });

      it('sends a sticker from the agent’s stickers', async () => {
        const { channelId } = await harness.createDirectChat();
        const stickers = await port.listStickers(agent);
        const sticker = stickers[0];
        if (!sticker) throw new Error('The harness agent must have at least one sendable sticker.');
        const sent = await port.sendSticker(agent, channelId, {
          setName: sticker.setName,
          name: sticker.name,
          replyTo: null,
          idempotencyKey: freshKey(),
        });
        const [message] = await history(channelId);
        expect(message?.messageId).toBe(sent.messageId);
        expect(message?.isAgent).toBe(true);
        expect(message?.parts).toEqual([
          expect.objectContaining({
            kind: 'media',
            mediaKind: 'sticker',
            uniqueId: sticker.uniqueId,
            stickerSetName: sticker.setName,
            stickerName: sticker.name,
          }),
        ]);
      });

      it('refuses a sticker the agent does not have with StickerNotFoundError', async () => {
        const { channelId } = await harness.createDirectChat();
        const sending = port.sendSticker(agent, channelId, {
          setName: 'NoSuchSetAnywhere',
          name: '🦄',
          replyTo: null,
          idempotencyKey: freshKey(),
        });
        await expect(sending).rejects.toBeInstanceOf(StickerNotFoundError);
        await expect(sending).rejects.toMatchObject({ retryable: false });
        expect(await history(channelId)).toEqual([]);
      });

      it('lists sendable stickers with their set, name and id', async () => {
        const stickers = await port.listStickers(agent);
        expect(stickers.length).toBeGreaterThan(0);
        for (const sticker of stickers) {
          expect(sticker.setName).not.toBe('');
          expect(sticker.name).not.toBe('');
          expect(sticker.uniqueId).not.toBe('');
        }
      });

      it('lists the agent’s media with their kinds, stickers apart', async () => {
        const media = await port.listMedia(agent);
        expect(media.map((item) => item.kind)).toContain('photo');
        const stickerIds = new Set((await port.listStickers(agent)).map((sticker) => sticker.uniqueId));
        for (const item of media) {
          expect(item.uniqueId).not.toBe('');
          expect(MEDIA_KINDS.filter((kind) => kind !== 'sticker')).toContain(item.kind);
          expect(item.description === null || typeof item.description === 'string').toBe(true);
          expect(stickerIds.has(item.uniqueId)).toBe(false);
        }
        expect(new Set(media.map((item) => item.uniqueId)).size).toBe(media.length);
      });

      it('sends a media item as a reply that shows in the history', async () => {
        const { channelId } = await harness.createDirectChat();
        const photo = await mediaOfKind('photo');
        const personMessageId = await harness.personSays(channelId, 'Show me the view');
        const sent = await port.sendMedia(agent, channelId, {
          uniqueId: photo.uniqueId,
          replyTo: personMessageId,
          idempotencyKey: freshKey(),
        });
        expect(sent.duplicate).toBe(false);
        const messages = await history(channelId);
        expect(messages.map((message) => message.messageId)).toEqual([personMessageId, sent.messageId]);
        expect(ChatMsgSchema.parse(messages[1])).toEqual(messages[1]);
        expect(messages[1]).toMatchObject({ isAgent: true, replyToMessageId: personMessageId });
        expect(messages[1]?.parts).toEqual([
          expect.objectContaining({ kind: 'media', mediaKind: 'photo', uniqueId: photo.uniqueId }),
        ]);
      });

      it('sends every kind of media item with its kind', async () => {
        const { channelId } = await harness.createDirectChat();
        const media = await port.listMedia(agent);
        for (const item of media) {
          await port.sendMedia(agent, channelId, {
            uniqueId: item.uniqueId,
            replyTo: null,
            idempotencyKey: freshKey(),
          });
        }
        const shown = (await history(channelId)).flatMap((message) => message.parts);
        expect(shown).toEqual(
          media.map((item) =>
            expect.objectContaining({ kind: 'media', mediaKind: item.kind, uniqueId: item.uniqueId }),
          ),
        );
      });

      it('sends a media item once for a repeated idempotency key', async () => {
        const { channelId } = await harness.createDirectChat();
        const photo = await mediaOfKind('photo');
        const outbound = { uniqueId: photo.uniqueId, replyTo: null, idempotencyKey: freshKey() };
        const first = await port.sendMedia(agent, channelId, outbound);
        const again = await port.sendMedia(agent, channelId, outbound);
        expect(first.duplicate).toBe(false);
        expect(again).toEqual({ messageId: first.messageId, duplicate: true });
        expect((await history(channelId)).map((message) => message.messageId)).toEqual([first.messageId]);
      });

      it('sends a sticker named by its unique id as a sticker', async () => {
        const { channelId } = await harness.createDirectChat();
        const sticker = (await port.listStickers(agent))[0]!;
        const sent = await port.sendMedia(agent, channelId, {
          uniqueId: sticker.uniqueId,
          replyTo: null,
          idempotencyKey: freshKey(),
        });
        const [message] = await history(channelId);
        expect(message?.messageId).toBe(sent.messageId);
        expect(message?.parts).toEqual([
          expect.objectContaining({ kind: 'media', mediaKind: 'sticker', uniqueId: sticker.uniqueId }),
        ]);
      });

      it('refuses a media item the agent does not have with MediaNotFoundError', async () => {
        const { channelId } = await harness.createDirectChat();
        const sending = port.sendMedia(agent, channelId, {
          uniqueId: '9999999999999',
          replyTo: null,
          idempotencyKey: freshKey(),
        });
        await expect(sending).rejects.toBeInstanceOf(MediaNotFoundError);
        await expect(sending).rejects.toMatchObject({ retryable: false });
        expect(await history(channelId)).toEqual([]);
      });

      it('accepts typing and cancel', async () => {
        const { channelId } = await harness.createDirectChat();
        await expect(port.setTyping(agent, channelId, 'typing')).resolves.toBeUndefined();
        await expect(port.setTyping(agent, channelId, 'cancel')).resolves.toBeUndefined();
      });
    });

    describe('reactions', () => {
      it('sets and removes the agent’s reaction on a message', async () => {
        const { channelId } = await harness.createDirectChat();
        const account = await port.self(agent);
        const messageId = await harness.personSays(channelId, 'I got the job!');
        await port.react(agent, channelId, messageId, '🎉');
        expect((await history(channelId))[0]?.reactions).toEqual([
          expect.objectContaining({ userId: account.id, emoji: '🎉' }),
        ]);
        await port.react(agent, channelId, messageId, null);
        expect((await history(channelId))[0]?.reactions).toEqual([]);
      });

      it('refuses to react to a message that does not exist', async () => {
        const { channelId } = await harness.createDirectChat();
        const messageId = await harness.personSays(channelId, 'Only message');
        const reacting = port.react(agent, channelId, messageId + 1000, '👍');
        await expect(reacting).rejects.toBeInstanceOf(MessagingError);
        await expect(reacting).rejects.toMatchObject({ retryable: false });
      });

      it('reports a person’s reaction on an agent message as an event and as unread until cleared', async () => {
        const { channelId, person } = await harness.createDirectChat();
        const sent = await sendText(channelId, 'Guess what I baked');
        await harness.personReacts(channelId, sent.messageId, '❤');
        const event = await log.waitFor('reaction', (candidate) => candidate.messageId === sent.messageId);
        expect(event).toMatchObject({ agent, channelId, messageId: sent.messageId });
        expect(event.reactions).toEqual([expect.objectContaining({ userId: person.id, emoji: '❤' })]);

        const unread = (await port.listUnread(agent)).find((chat) => chat.channelId === channelId);
        expect(unread?.unreadReactionMessageIds).toEqual([sent.messageId]);

        await port.markRead(agent, channelId, {
          upToMessageId: sent.messageId,
          clearMentions: true,
          clearReactions: true,
        });
        expect((await port.listUnread(agent)).find((chat) => chat.channelId === channelId)).toBeUndefined();
      });

      it('reports a removed reaction with the remaining ones', async () => {
        const { channelId } = await harness.createDirectChat();
        const sent = await sendText(channelId, 'Thoughts?');
        await harness.personReacts(channelId, sent.messageId, '👍');
        await log.waitFor('reaction', (event) => event.reactions.length === 1);
        await harness.personReacts(channelId, sent.messageId, null);
        const removed = await log.waitFor(
          'reaction',
          (event) => event.messageId === sent.messageId && event.reactions.length === 0,
        );
        expect(removed.reactions).toEqual([]);
      });
    });

    describe('unread and read state', () => {
      it('lists a chat with unread messages until markRead reads them', async () => {
        const { channelId } = await harness.createDirectChat();
        await harness.personSays(channelId, 'Hi');
        const lastId = await harness.personSays(channelId, 'Are you there?');
        const unread = (await port.listUnread(agent)).find((chat) => chat.channelId === channelId);
        expect(unread).toEqual({
          channelId,
          unreadCount: 2,
          mentioned: false,
          markedUnread: false,
          unreadReactionMessageIds: [],
          lastMessageId: lastId,
        });
        await port.markRead(agent, channelId, {
          upToMessageId: lastId,
          clearMentions: true,
          clearReactions: true,
        });
        expect((await port.listUnread(agent)).find((chat) => chat.channelId === channelId)).toBeUndefined();
      });

      it('counts only the messages after the read mark', async () => {
        const { channelId } = await harness.createDirectChat();
        const firstId = await harness.personSays(channelId, 'One');
        await harness.personSays(channelId, 'Two');
        await port.markRead(agent, channelId, {
          upToMessageId: firstId,
          clearMentions: false,
          clearReactions: false,
        });
        const unread = (await port.listUnread(agent)).find((chat) => chat.channelId === channelId);
        expect(unread?.unreadCount).toBe(1);
      });

      it('flags an unread mention until it is cleared', async () => {
        const { channelId } = await harness.createGroupChat();
        const { username } = await port.self(agent);
        const mentionId = await harness.personSays(channelId, `@${username} what do you think?`);
        const unread = (await port.listUnread(agent)).find((chat) => chat.channelId === channelId);
        expect(unread).toMatchObject({ mentioned: true, lastMessageId: mentionId });
        await port.markRead(agent, channelId, {
          upToMessageId: mentionId,
          clearMentions: true,
          clearReactions: true,
        });
        expect((await port.listUnread(agent)).find((chat) => chat.channelId === channelId)).toBeUndefined();
      });
    });

    describe('blocking', () => {
      it('blocks and unblocks a person, and a blocked partner cannot be written to', async () => {
        const { channelId, person } = await harness.createDirectChat();
        expect(await port.isBlocked(agent, person.id)).toBe(false);

        await port.block(agent, person.id);
        expect(await port.isBlocked(agent, person.id)).toBe(true);
        expect(await port.canSend(agent, channelId)).toBe(false);
        const sending = sendText(channelId, 'Hello?');
        await expect(sending).rejects.toBeInstanceOf(MessagingError);
        await expect(sending).rejects.toMatchObject({ retryable: false });

        await port.unblock(agent, person.id);
        expect(await port.isBlocked(agent, person.id)).toBe(false);
        expect(await port.canSend(agent, channelId)).toBe(true);
      });
    });

    describe('history', () => {
      it('pages with limit, before and after, always oldest first', async () => {
        const { channelId } = await harness.createDirectChat();
        const ids: number[] = [];
        for (const text of ['one', 'two', 'three', 'four', 'five'])
          ids.push(await harness.personSays(channelId, text));
        const page = async (query: { limit: number; beforeMessageId?: number; afterMessageId?: number }) =>
          (await port.fetchHistory(agent, channelId, query)).map((message) => message.messageId);

        expect(await page({ limit: 2 })).toEqual([ids[3], ids[4]]);
        expect(await page({ limit: 2, beforeMessageId: ids[3]! })).toEqual([ids[1], ids[2]]);
        expect(await page({ limit: 10, afterMessageId: ids[1]! })).toEqual([ids[2], ids[3], ids[4]]);
        expect(await page({ limit: 2, afterMessageId: ids[0]! })).toEqual([ids[3], ids[4]]);
        expect(await page({ limit: 10, afterMessageId: ids[0]!, beforeMessageId: ids[4]! })).toEqual([
          ids[1],
          ids[2],
          ids[3],
        ]);
        expect(await page({ limit: 10, beforeMessageId: ids[0]! })).toEqual([]);
      });

      it('deletes the whole history; later messages keep counting up', async () => {
        const { channelId } = await harness.createDirectChat();
        await harness.personSays(channelId, 'Something to forget');
        const sent = await sendText(channelId, 'Forgotten too');
        await port.deleteHistory(agent, channelId, { revoke: true });

        expect(await history(channelId)).toEqual([]);
        expect((await port.listUnread(agent)).find((chat) => chat.channelId === channelId)).toBeUndefined();
        const laterId = await harness.personSays(channelId, 'Fresh start');
        expect(laterId).toBeGreaterThan(sent.messageId);
        expect(texts(await history(channelId))).toEqual(['Fresh start']);
      });
    });
  });
}
