import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PromptLibrary, shippedConfigDirs } from '../../../src/main/config';
import { LlmError } from '../../../src/main/llm';
import type { LlmProvider, LlmReply, MediaQuery } from '../../../src/main/llm/provider';
import { createLogger } from '../../../src/main/logging';
import { CuratedMedia, DescriptionBudget } from '../../../src/main/media';
import { type DescribeContext, DescriptionChain } from '../../../src/main/media/chain/description-chain';
import { MediaFiles } from '../../../src/main/media/chain/media-files';
import type { MediaItem } from '../../../src/main/media/chain/media-item';
import { MediaTooLargeError } from '../../../src/main/messaging/port';
import { openStore, type Store } from '../../../src/main/store';
import { DEFAULT_MEDIA_SETTINGS, type MediaSettings } from '../../../src/shared/domain/settings';

const REPO = join(import.meta.dirname, '../../..');
const PNG = new Uint8Array(readFileSync(join(REPO, 'test/fixtures/media/photo.png')));

const PHOTO: MediaItem = {
  uniqueId: '4000000000000000001',
  kind: 'photo',
  mimeType: 'image/jpeg',
  fileName: null,
  durationSeconds: null,
  fileSize: PNG.byteLength,
  stickerSetName: null,
  stickerSetTitle: null,
  stickerName: null,
};

type Answer = (query: MediaQuery) => Promise<LlmReply>;

describe('the description chain', () => {
  let dir: string;
  let store: Store;
  let downloads: number;
  let download: () => Promise<Uint8Array | null>;
  let answer: Answer;
  let asked: MediaQuery[];
  let settings: MediaSettings;
  let keyless: boolean;
  let chain: DescriptionChain;

  const reply = (text: string): LlmReply => ({
    text,
    model: 'media-model',
    usage: { inputTokens: 10, outputTokens: 5, cachedTokens: 0, thinkingTokens: 0 },
    latencyMs: 3,
  });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'troupe-chain-'));
    store = openStore({ file: ':memory:', logger: createLogger({ level: 'silent' }) });
    downloads = 0;
    download = async () => PNG;
    asked = [];
    answer = async () => reply('a red square');
    settings = { ...DEFAULT_MEDIA_SETTINGS };
    keyless = false;
    const provider = {
      id: 'gemini',
      mediaSupport: () => ({ image: ['image/png'], video: [], audio: [] }),
      describeMedia: (query: MediaQuery) => {
        asked.push(query);
        return answer(query);
      },
    } as unknown as LlmProvider;
    chain = new DescriptionChain({
      store,
      curated: new CuratedMedia(),
      files: new MediaFiles(join(dir, 'media')),
      llm: {
        resolve: (name) => ({ provider: 'gemini', model: name }),
        providerFor: () => {
          if (keyless) throw new LlmError('auth', 'No key.', { retryable: false });
          return provider;
        },
      },
      prompts: () => new PromptLibrary(shippedConfigDirs(REPO)),
      settings: () => settings,
      logger: createLogger({ level: 'silent' }),
    });
  });

  afterEach(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const context: DescribeContext = {
    agent: 'Ada',
    channelId: 42,
    source: { kind: 'message', channelId: 42, messageId: 7, uniqueId: PHOTO.uniqueId },
    port: {
      downloadMedia: async () => {
        downloads += 1;
        return download();
      },
    },
  };
  const describeNow = (item = PHOTO) =>
    chain.describe(item, context, { budget: DescriptionBudget.unlimited() });

  it('describes from the bytes, whatever type the network claimed, and books the cost to the chat', async () => {
    expect(await describeNow()).toEqual({
      description: 'a red square',
      failureReason: null,
      status: 'generated',
    });
    expect(asked[0]!.items[0]!.mimeType).toBe('image/png');
    expect(store.mediaDescriptions.get(PHOTO.uniqueId)).toMatchObject({
      mimeType: 'image/png',
      originalMimeType: 'image/jpeg',
      model: 'media-model',
    });
    const [usage] = store.taskLog.list({ limit: 5 });
    expect(usage).toMatchObject({ channelId: 42, agentConfigName: 'Ada' });
    expect((usage!.details as { operation: string }).operation).toBe('describe_image');
  });

  it('counts temporary failures, reuses the stored bytes, and stops asking after five', async () => {
    answer = async () => {
      throw new LlmError('server', 'overloaded', { retryable: true, status: 503 });
    };
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const outcome = await describeNow();
      expect(outcome).toMatchObject({ status: 'temporary_failure', failureReason: 'overloaded' });
      expect(store.mediaDescriptions.get(PHOTO.uniqueId)!.retryCount).toBe(attempt);
    }
    expect(downloads).toBe(1);
    // The sixth call reads the cache: the model is not asked again.
    expect(chain.known(PHOTO).open).toBe(false);
    expect(await describeNow()).toMatchObject({ status: 'temporary_failure' });
    expect(asked).toHaveLength(5);
  });

  it('gives up on a permanent failure and keeps the reason for the agent', async () => {
    answer = async () => {
      throw new LlmError('bad_request', 'the image was refused', { retryable: false, status: 400 });
    };
    expect(await describeNow()).toMatchObject({
      status: 'permanent_failure',
      failureReason: 'the image was refused',
    });
    await describeNow();
    expect(asked).toHaveLength(1);
  });

  it('holds nothing against the file when the media model has no key: the next call tries again', async () => {
    answer = async () => {
      throw new LlmError('auth', 'Set the Google Gemini API key in Settings.', { retryable: false });
    };
    expect(await describeNow()).toMatchObject({
      status: null,
      failureReason: 'Set the Google Gemini API key in Settings.',
    });
    expect(store.mediaDescriptions.get(PHOTO.uniqueId)).toBeNull();
    await describeNow();
    expect(asked).toHaveLength(2);
  });

  it('spends the budget only on new AI descriptions and leaves the rest marked for later', async () => {
    const budget = new DescriptionBudget(1);
    expect((await chain.describe(PHOTO, context, { budget })).status).toBe('generated');
    // Cached now: free.
    expect((await chain.describe(PHOTO, context, { budget })).status).toBe('generated');
    const other = { ...PHOTO, uniqueId: '4000000000000000002' };
    expect(await chain.describe(other, context, { budget })).toEqual({
      description: null,
      failureReason: null,
      status: 'budget_exhausted',
    });
    expect(asked).toHaveLength(1);
  });

  it('describes a file once when two callers ask at the same time', async () => {
    const [a, b] = await Promise.all([describeNow(), describeNow()]);
    expect(a).toEqual(b);
    expect(asked).toHaveLength(1);
    expect(downloads).toBe(1);
  });

  it('settles too long, too large and gone files without asking a model', async () => {
    settings = { ...settings, maxDurationSeconds: 10, maxFileMegabytes: 1 };
    const long = { ...PHOTO, kind: 'video' as const, durationSeconds: 11 };
    expect(await describeNow(long)).toMatchObject({
      status: 'unsupported',
      failureReason: expect.stringMatching(/lasts 11 s/),
    });
    download = async () => {
      throw new MediaTooLargeError(3_000_000, 1_000_000);
    };
    const big = { ...PHOTO, uniqueId: '4000000000000000003', fileSize: null };
    expect(await describeNow(big)).toMatchObject({
      status: 'unsupported',
      failureReason: expect.stringMatching(/3\.0 MB/),
    });
    download = async () => null;
    const gone = { ...PHOTO, uniqueId: '4000000000000000004' };
    expect(await describeNow(gone)).toMatchObject({
      status: null,
      failureReason: 'the file is no longer available',
    });
    expect(asked).toHaveLength(0);
  });

  it('describes nothing when no media model is set', async () => {
    settings = { ...settings, model: '' };
    expect(await describeNow()).toMatchObject({ status: null, failureReason: 'no media model is set' });
    expect(downloads).toBe(0);
  });

  it('names an animated emoji by its emoji without downloading it', async () => {
    const emoji = {
      ...PHOTO,
      kind: 'sticker' as const,
      stickerSetName: 'AnimatedEmojies',
      stickerName: '🔥',
    };
    expect((await describeNow(emoji)).description).toBe('an animated emoji: 🔥 (fire)');
    expect(downloads).toBe(0);
  });

  it('lets a caller that gives up leave the description to the others waiting for it', async () => {
    let release: () => void = () => {};
    answer = () =>
      new Promise((resolve) => {
        release = () => resolve(reply('a red square'));
      });
    const replanned = new AbortController();
    const first = chain.describe(PHOTO, context, {
      budget: DescriptionBudget.unlimited(),
      signal: replanned.signal,
    });
    const second = chain.describe(PHOTO, context, { budget: DescriptionBudget.unlimited() });
    await new Promise((resolve) => setTimeout(resolve, 20));
    replanned.abort(new Error('turn replanned'));
    await expect(first).rejects.toThrow('turn replanned');
    release();
    expect(await second).toMatchObject({ status: 'generated', description: 'a red square' });
    expect(asked).toHaveLength(1);
  });

  it('does not fetch a file that is gone again, and waits before fetching a failing one again', async () => {
    download = async () => null;
    expect(await describeNow()).toMatchObject({ failureReason: 'the file is no longer available' });
    expect(await describeNow()).toMatchObject({ failureReason: 'the file is no longer available' });
    expect(downloads).toBe(1);
    expect(chain.known(PHOTO).open).toBe(false);

    const other = { ...PHOTO, uniqueId: '4000000000000000009' };
    download = async () => {
      throw new Error('connection reset');
    };
    expect(await describeNow(other)).toMatchObject({
      status: 'temporary_failure',
      failureReason: 'connection reset',
    });
    await describeNow(other);
    expect(downloads).toBe(2);
  });
});
