import { beforeEach, describe, expect, it } from 'vitest';
import { MessagingError } from '../../../src/main/messaging/port';
import type { ContractScope } from './scope';

/** Reactions both ways, and what stays unread until the agent reads it. */
export function describeReadStateContract(scope: ContractScope): void {
  let { harness, port, agent, log } = scope;
  beforeEach(() => ({ harness, port, agent, log } = scope));
  const { sendText, history } = scope;

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
}
