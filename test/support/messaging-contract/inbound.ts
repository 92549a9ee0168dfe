import { beforeEach, describe, expect, it } from 'vitest';
import { ChatMsgSchema } from '../../../src/shared/domain/conversation';
import { type ContractScope, fullName, texts } from './scope';

/** What people do in a chat, as the port's inbound events tell it. */
export function describeInboundContract(scope: ContractScope): void {
  let { harness, port, agent, log } = scope;
  beforeEach(() => ({ harness, port, agent, log } = scope));
  const { sendText, history } = scope;

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
}
