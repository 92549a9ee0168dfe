import { beforeEach, describe, expect, it } from 'vitest';
import { ChatMsgSchema } from '../../../src/shared/domain/conversation';
import { type ContractScope, fullName } from './scope';

/** The agent's own account, how chats are described and found, and the chat list. */
export function describeChatContract(scope: ContractScope): void {
  let { harness, port, agent } = scope;
  beforeEach(() => ({ harness, port, agent } = scope));
  const { history } = scope;

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
}
