import { beforeEach, describe, expect, it } from 'vitest';
import { MediaNotFoundError, StickerNotFoundError } from '../../../src/main/messaging/port';
import { MEDIA_KINDS } from '../../../src/shared/domain/config';
import { ChatMsgSchema } from '../../../src/shared/domain/conversation';
import { type ContractScope, freshKey, texts } from './scope';

/** The agent's sends: text, stickers and media, once per idempotency key, and typing. */
export function describeSendingContract(scope: ContractScope): void {
  let { harness, port, agent, log } = scope;
  beforeEach(() => ({ harness, port, agent, log } = scope));
  const { sendText, history, mediaOfKind } = scope;

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
}
