import { beforeEach, describe, expect, it } from 'vitest';
import { MessagingError } from '../../../src/main/messaging/port';
import { type ContractScope, texts } from './scope';

/** Blocking a person, and paging and deleting a chat's history. */
export function describeHistoryContract(scope: ContractScope): void {
  let { harness, port, agent } = scope;
  beforeEach(() => ({ harness, port, agent } = scope));
  const { sendText, history } = scope;

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
}
