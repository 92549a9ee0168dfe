import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGeminiProvider } from '../../../src/main/llm/gemini-provider';
import {
  createOpenAiCompatibleProvider,
  type OpenAiCompatibleProviderId,
} from '../../../src/main/llm/openai-compatible-provider';
import type { LlmProvider, MediaItem } from '../../../src/main/llm/provider';
import { createLogger } from '../../../src/main/logging';
import { type FakeLlmServer, mediaHash, startFakeLlmServer } from '../../support/fake-llm-server';
import {
  DESCRIBE_INSTRUCTIONS,
  failureOf,
  imageQuery,
  onePixelPng,
} from '../../support/llm-provider-contract';

const logger = createLogger({ level: 'silent' });
const RED = onePixelPng(200, 40, 40);

/** The opening bytes of real files: the providers pass bytes on unread, so these stand for whole files. */
const MP4 = new Uint8Array([0, 0, 0, 0x14, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isom')]);
const OGG = new Uint8Array([...Buffer.from('OggS'), 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0x2a, 0, 0, 0]);

const frames: MediaItem[] = [
  { mimeType: 'image/png', data: onePixelPng(255, 0, 0) },
  { mimeType: 'image/png', data: onePixelPng(0, 255, 0) },
  { mimeType: 'image/png', data: onePixelPng(0, 0, 255) },
];

function recorded(item: MediaItem) {
  return { mimeType: item.mimeType, byteLength: item.data.byteLength, sha256: mediaHash(item.data) };
}

describe('Gemini describes media through @google/genai', () => {
  const model = 'gemini-2.5-flash';
  let fake: FakeLlmServer;
  let provider: LlmProvider;

  beforeEach(async () => {
    fake = await startFakeLlmServer();
    provider = createGeminiProvider({ apiKey: 'k', baseUrl: fake.geminiBaseUrl, logger });
  });

  afterEach(async () => {
    await fake.close();
  });

  it('sends the image as inline data, the instructions as system instruction and the note after it', async () => {
    fake.media.replyWith('A small red square.');
    const reply = await provider.describeMedia(imageQuery(model, { note: 'Sent with the caption "look"' }));

    expect(reply.text).toBe('A small red square.');
    expect(fake.timesShown(RED)).toBe(1);
    const [request] = fake.mediaRequests;
    expect(request).toMatchObject({ model, systemText: DESCRIBE_INSTRUCTIONS });
    expect(request!.media).toEqual([recorded({ mimeType: 'image/png', data: RED })]);
    expect(request!.body).toMatchObject({
      contents: [
        {
          role: 'user',
          parts: [
            { inlineData: { mimeType: 'image/png', data: Buffer.from(RED).toString('base64') } },
            { text: 'Sent with the caption "look"' },
          ],
        },
      ],
      safetySettings: [
        { category: 'HARM_CATEGORY_HARASSMENT', threshold: 'OFF' },
        { category: 'HARM_CATEGORY_SEXUALLY_EXPLICIT', threshold: 'OFF' },
      ],
    });
  });

  it.each([
    ['a video', { mimeType: 'video/mp4', data: MP4 }, 'video/mp4'],
    ['a voice note', { mimeType: 'audio/ogg; codecs=opus', data: OGG }, 'audio/ogg'],
  ])('describes %s, sent as its bare MIME type', async (_, item, sentType) => {
    fake.media.replyWith('Described.');
    const reply = await provider.describeMedia(imageQuery(model, { items: [item] }));
    expect(reply.text).toBe('Described.');
    expect(fake.mediaRequests[0]!.media).toEqual([{ ...recorded(item), mimeType: sentType }]);
  });

  it('shows the frames of one animation in order in one call', async () => {
    await provider.describeMedia(imageQuery(model, { items: frames }));
    expect(fake.requestCount).toBe(1);
    expect(fake.mediaRequests[0]!.media).toEqual(frames.map(recorded));
  });

  it('takes images, video and audio', () => {
    const support = provider.mediaSupport('a-model-nobody-knows');
    expect(support.image).toEqual(expect.arrayContaining(['image/jpeg', 'image/webp', 'image/heic']));
    expect(support.video).toEqual(expect.arrayContaining(['video/mp4', 'video/quicktime', 'video/webm']));
    expect(support.audio).toEqual(expect.arrayContaining(['audio/ogg', 'audio/mpeg', 'audio/flac']));
  });

  it('keeps describe calls and conversation calls to their own scripts, in whichever order they come', async () => {
    fake.replyWith('A conversation reply.');
    fake.media.replyWith('A description.');
    expect((await provider.describeMedia(imageQuery(model))).text).toBe('A description.');
    const text = await provider.queryText({ model, systemPrompt: 'Be brief.', turns: [] });
    expect(text.text).toBe('A conversation reply.');
  });
});

const OPENAI_COMPATIBLE: OpenAiCompatibleProviderId[] = ['openai', 'xai', 'openrouter', 'ollama'];

describe.each(OPENAI_COMPATIBLE)('OpenAI-compatible "%s" describes images through openai', (id) => {
  const model = 'vision-model';
  let fake: FakeLlmServer;
  let provider: LlmProvider;

  beforeEach(async () => {
    fake = await startFakeLlmServer();
    provider = createOpenAiCompatibleProvider({ id, apiKey: 'k', baseUrl: fake.openAiBaseUrl, logger });
  });

  afterEach(async () => {
    await fake.close();
  });

  it('sends the image as a data: URL after the system instructions, the note after it', async () => {
    fake.media.replyWith('A small red square.', {
      usage: { inputTokens: 90, outputTokens: 6, cachedTokens: 0, thinkingTokens: 0 },
    });
    const reply = await provider.describeMedia(imageQuery(model, { note: 'Sticker for 😀' }));

    expect(reply).toMatchObject({
      text: 'A small red square.',
      usage: { inputTokens: 90, outputTokens: 6, cachedTokens: 0, thinkingTokens: 0 },
    });
    expect(fake.requests[0]!.body.messages).toEqual([
      { role: 'system', content: DESCRIBE_INSTRUCTIONS },
      {
        role: 'user',
        content: [
          {
            type: 'image_url',
            image_url: { url: `data:image/png;base64,${Buffer.from(RED).toString('base64')}` },
          },
          { type: 'text', text: 'Sticker for 😀' },
        ],
      },
    ]);
    expect(fake.timesShown(RED)).toBe(1);
  });

  it('shows several images in one user message, in order', async () => {
    await provider.describeMedia(imageQuery(model, { items: frames }));
    expect(fake.requestCount).toBe(1);
    expect(fake.mediaRequests[0]!.media).toEqual(frames.map(recorded));
  });

  it.each([
    ['video/mp4', MP4],
    ['audio/ogg', OGG],
  ])('refuses %s as a permanent bad request without a request', async (mimeType, data) => {
    const error = await failureOf(provider.describeMedia(imageQuery(model, { items: [{ mimeType, data }] })));
    expect(error).toMatchObject({ kind: 'bad_request', retryable: false });
    expect(error.message).toContain(mimeType);
    expect(fake.requestCount).toBe(0);
  });

  it('takes images only', () => {
    expect(provider.mediaSupport(model)).toEqual({
      image: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
      video: [],
      audio: [],
    });
  });
});
