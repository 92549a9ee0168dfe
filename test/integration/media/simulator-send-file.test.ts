import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConversationRuntimeHandle } from '../../../src/main/runtime/types';
import type { ChatMsg, MessagePart } from '../../../src/shared/domain/conversation';
import { callApi, startEngineRuntime, waitFor } from '../../support/engine-harness';
import { type FakeLlmServer, startFakeLlmServer } from '../../support/fake-llm-server';

const FIXTURES = join(import.meta.dirname, '../../fixtures/media');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));

type MediaPart = Extract<MessagePart, { kind: 'media' }>;
const mediaOf = (message: ChatMsg) => message.parts.find((part): part is MediaPart => part.kind === 'media')!;

/**
 * `simulator.sendFile` through the dispatcher of a whole runtime: the bytes are read for what they
 * are, described by the media model with the shipped prompts, and the agent's turn sees the words.
 */
describe('a simulated person sends files through the API', () => {
  let root: string;
  let llm: FakeLlmServer;
  let runtime: ConversationRuntimeHandle;
  let chat: { channelId: number; personId: number };

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'troupe-send-file-'));
    llm = await startFakeLlmServer();
    runtime = await startEngineRuntime({ root, geminiBaseUrl: llm.geminiBaseUrl });
    const created = await callApi(runtime, 'simulator.createChat', {
      agent: 'Ada',
      kind: 'direct',
      people: [{ firstName: 'Pat' }],
    });
    chat = {
      channelId: (created.chat as { channelId: number }).channelId,
      personId: (created.people as { id: number }[])[0]!.id,
    };
  });

  afterEach(async () => {
    await runtime?.close();
    await llm.close();
    rmSync(root, { recursive: true, force: true });
  });

  /** The input that sends a fixture's bytes as `kind`, under `fileName`. */
  const asFile = (kind: string, name: string, fileName: string, extra: Record<string, unknown> = {}) => ({
    kind,
    fileName,
    dataBase64: fixture(name).toString('base64'),
    ...extra,
  });

  const sendFile = (input: Record<string, unknown>) =>
    runtime.dispatch('simulator.sendFile', { agent: 'Ada', ...chat, ...input });

  /** The first turn (a request without media) whose prompt has this text. */
  const turnWith = (text: string) =>
    llm.requests.find((request) => request.media.length === 0 && JSON.stringify(request.body).includes(text));

  async function sent(input: Record<string, unknown>): Promise<ChatMsg> {
    const outcome = await sendFile(input);
    if (!outcome.ok) throw new Error(outcome.error.message);
    return (outcome.result as { message: ChatMsg }).message;
  }

  it("describes a photo and a voice note with the media model and puts the words in the agent's turn", async () => {
    const photo = fixture('photo.jpg');
    const voice = fixture('voice.ogg');
    llm.media.replyWith('a test pattern of coloured bars');
    const photoMessage = await sent(
      asFile('photo', 'photo.jpg', 'holiday.png', { caption: 'look where I am' }),
    );
    // The bytes decide the type: a JPEG named .png is a JPEG; a voice note is audio.
    expect(photoMessage.parts[0]).toEqual({ kind: 'text', text: 'look where I am' });
    expect(mediaOf(photoMessage)).toMatchObject({
      mediaKind: 'photo',
      mimeType: 'image/jpeg',
      fileSize: photo.byteLength,
    });
    await waitFor(() => turnWith('coloured bars'), 'the turn that sees the photo');

    llm.media.replyWith('a low hum, like someone humming one note');
    const voiceMessage = await sent(asFile('voice', 'voice.ogg', 'note.ogg'));
    expect(mediaOf(voiceMessage)).toMatchObject({ mediaKind: 'audio', mimeType: 'audio/ogg' });
    const turn = await waitFor(() => turnWith('humming one note'), 'the turn that hears the voice note');

    const prompt = JSON.stringify(turn.body);
    expect(prompt).toContain('look where I am');
    expect(prompt).toContain('⟦media⟧ ‹a photo that shows a test pattern of coloured bars›');
    expect(prompt).toContain(
      '⟦media⟧ ‹an audio clip that sounds like a low hum, like someone humming one note›',
    );
    // Each file went to the media model once; the second turn read the photo's from the cache.
    expect(llm.timesShown(photo)).toBe(1);
    expect(llm.timesShown(voice)).toBe(1);
    // With the shipped describe prompts for images and for audio.
    const [photoRequest, voiceRequest] = llm.mediaRequests;
    expect(photoRequest!.media[0]!.mimeType).toBe('image/jpeg');
    expect(photoRequest!.systemText).toContain('# Describing An Image');
    expect(voiceRequest!.media[0]!.mimeType).toBe('audio/ogg');
    expect(voiceRequest!.systemText).toContain('# Describing A Recording');
  });

  it('refuses a photo that is not an image or is cut short, saying what it is and what to send', async () => {
    const outcome = await sendFile(asFile('photo', 'archive.zip', 'menu.zip'));
    expect(outcome).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        message: '"menu.zip" is a document (application/zip), not an image: send it as a document.',
      },
    });
    const video = await sendFile(asFile('photo', 'video.mp4', 'clip.mp4'));
    expect(video).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('is a video (video/mp4), not an image: send it as a video') },
    });
    const cut = await sendFile(asFile('photo', 'truncated.png', 'beach.png'));
    expect(cut).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        message:
          '"beach.png" is cut short: the image/png image ends before its last part. Send the whole file.',
      },
    });
    const text = await sendFile({
      kind: 'photo',
      fileName: 'notes.txt',
      dataBase64: Buffer.from('Buy milk, eggs and crème fraîche.\n').toString('base64'),
    });
    expect(text).toMatchObject({
      ok: false,
      error: { message: '"notes.txt" is text, not an image: send it as a document.' },
    });
    // Sent as a document, the same bytes go through with their real type.
    const document = await sent(asFile('document', 'archive.zip', 'menu.zip'));
    expect(mediaOf(document)).toMatchObject({
      mediaKind: 'document',
      mimeType: 'application/zip',
      fileName: 'menu.zip',
    });
  });

  it('keeps a WEBP, TGS or WEBM sent as a sticker a sticker, and refuses other stickers and captions on them', async () => {
    const webp = await sent(asFile('sticker', 'sticker.webp', 'cat.webp', { stickerEmoji: '😺' }));
    expect(mediaOf(webp)).toMatchObject({ mediaKind: 'sticker', mimeType: 'image/webp', stickerName: '😺' });
    const tgs = await sent(asFile('sticker', 'sticker.tgs', 'ball.tgs'));
    expect(mediaOf(tgs)).toMatchObject({ mediaKind: 'sticker', mimeType: 'application/x-tgsticker' });
    const webm = await sent(asFile('sticker', 'video.webm', 'wave.webm'));
    expect(mediaOf(webm)).toMatchObject({ mediaKind: 'sticker', mimeType: 'video/webm' });

    const png = await sendFile(asFile('sticker', 'photo.png', 'cat.png'));
    expect(png).toMatchObject({
      ok: false,
      error: {
        message:
          '"cat.png" is an image (image/png), not a WEBP image, a TGS animation or a WEBM video: send it as a photo or as a document.',
      },
    });
    const captioned = await sendFile(asFile('sticker', 'sticker.webp', 'cat.webp', { caption: 'meow' }));
    expect(captioned).toMatchObject({
      ok: false,
      error: { issues: [{ path: 'caption', message: 'A sticker is sent without a caption.' }] },
    });
  });

  it('refuses files over 20 MB, empty files and text that is not base64, saying what to fix', async () => {
    const big = Buffer.alloc(20 * 1024 * 1024 + 1);
    const tooBig = await sendFile({
      kind: 'document',
      fileName: 'big.bin',
      dataBase64: big.toString('base64'),
    });
    expect(tooBig).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        issues: [
          { path: 'dataBase64', message: 'The file has 20.1 MB; the Simulator takes files up to 20 MB.' },
        ],
      },
    });
    const empty = await sendFile({ kind: 'document', fileName: 'empty.txt', dataBase64: '' });
    expect(empty).toMatchObject({
      ok: false,
      error: { issues: [{ path: 'dataBase64', message: 'The file is empty.' }] },
    });
    const notBase64 = await sendFile({ kind: 'document', fileName: 'a.txt', dataBase64: 'not base64!' });
    expect(notBase64).toMatchObject({
      ok: false,
      error: { issues: [{ path: 'dataBase64', message: 'Send the file as base64 text.' }] },
    });
    const page = await callApi(runtime, 'conversations.messages', {
      agent: 'Ada',
      network: 'simulator',
      channelId: chat.channelId,
    });
    expect(page.messages).toEqual([]);
  });
});
