import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'vitest';
import { PromptLibrary, shippedConfigDirs } from '../src/main/config';
import type { LlmProvider, LlmReply, MediaQuery } from '../src/main/llm/provider';
import { createLogger } from '../src/main/logging';
import { CuratedMedia, MediaDescriptions } from '../src/main/media';
import { openStore } from '../src/main/store';
import type { ChatMsg } from '../src/shared/domain/conversation';
import { DEFAULT_MEDIA_SETTINGS } from '../src/shared/domain/settings';

// `npm run bench:media`: the media description chain's speed.
//
// - The cache hit path: a file described before, looked up as a turn looks it up (curated records,
//   then the SQLite cache), p50/p99 over 20,000 lookups of 2,000 cached files.
// - A conversation of 200 stickers of which 20 are new, with a media model that takes
//   TROUPE_BENCH_DESCRIBE_MS (default 800 ms) per file: how long the turn waits before its prompt
//   is ready with the default budget (8 new descriptions per turn), against the time one
//   description takes; the other 12 are described in the background for the next turn.
const DESCRIBE_MS = Number(process.env.TROUPE_BENCH_DESCRIBE_MS ?? 800);
const CACHED = 2_000;
const REPO = join(import.meta.dirname, '..');
const STICKER = new Uint8Array(readFileSync(join(REPO, 'test/fixtures/media/sticker.webp')));

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function stickerMessage(index: number, uniqueId: string): ChatMsg {
  return {
    channelId: 42,
    messageId: index + 1,
    senderId: 42,
    senderName: 'Pat',
    senderUsername: null,
    isAgent: false,
    replyToMessageId: null,
    sentAt: new Date(Date.UTC(2026, 0, 1, 12, 0, index)).toISOString(),
    editedAt: null,
    parts: [
      {
        kind: 'media',
        mediaKind: 'sticker',
        uniqueId,
        description: null,
        mimeType: 'image/webp',
        stickerSetName: 'BenchCats',
        stickerSetTitle: 'Bench Cats',
        stickerName: '😺',
      },
    ],
    reactions: [],
    mentioned: false,
  };
}

test('media description chain', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'troupe-bench-media-'));
  const store = openStore({ file: join(dir, 'troupe.db'), logger: createLogger({ level: 'silent' }) });
  let described = 0;
  const provider = {
    id: 'gemini',
    mediaSupport: () => ({ image: ['image/webp'], video: [], audio: [] }),
    describeMedia: async (query: MediaQuery): Promise<LlmReply> => {
      described += 1;
      await new Promise((resolve) => setTimeout(resolve, DESCRIBE_MS));
      return {
        text: `a cat sticker (${query.items[0]!.data.byteLength} bytes)`,
        model: query.model,
        usage: { inputTokens: 300, outputTokens: 30, cachedTokens: 0, thinkingTokens: 0 },
        latencyMs: DESCRIBE_MS,
      };
    },
  } as unknown as LlmProvider;
  const media = new MediaDescriptions({
    store,
    curated: new CuratedMedia(),
    llm: { resolve: (name) => ({ provider: 'gemini', model: name }), providerFor: () => provider },
    prompts: () => new PromptLibrary(shippedConfigDirs(REPO)),
    settings: () => DEFAULT_MEDIA_SETTINGS,
    logger: createLogger({ level: 'silent' }),
    filesDir: join(dir, 'media'),
  });
  await media.start();
  const viewer = { agent: 'Ada', channelId: 42, port: { downloadMedia: async () => STICKER } };
  try {
    // Fill the cache as real turns do (the model answers at once for this part).
    for (let index = 0; index < CACHED; index += 1) {
      store.mediaDescriptions.put({
        uniqueId: `cached${index}`,
        kind: 'sticker',
        description: `a cat sticker number ${index}`,
        status: 'generated',
        failureReason: null,
        mimeType: 'image/webp',
        originalMimeType: null,
        fileName: `cached${index}.webp`,
        fileSize: STICKER.byteLength,
        durationSeconds: null,
        stickerSetName: 'BenchCats',
        stickerSetTitle: 'Bench Cats',
        stickerName: '😺',
        retryCount: 0,
        model: 'bench',
      });
    }
    const hits: number[] = [];
    for (let round = 0; round < 10; round += 1) {
      for (let index = 0; index < CACHED; index += 1) {
        const started = performance.now();
        media.chain.known({
          uniqueId: `cached${index}`,
          kind: 'sticker',
          mimeType: null,
          fileName: null,
          durationSeconds: null,
          fileSize: null,
          stickerSetName: 'BenchCats',
          stickerSetTitle: 'Bench Cats',
          stickerName: '😺',
        });
        hits.push(performance.now() - started);
      }
    }

    // 200 stickers: 180 described before, 20 new, newest last.
    const messages = Array.from({ length: 200 }, (_, index) =>
      stickerMessage(index, index % 10 === 9 ? `new${index}` : `cached${index}`),
    );
    const started = performance.now();
    const shown = await media.describeMessages(messages, viewer, {
      budget: DEFAULT_MEDIA_SETTINGS.descriptionsPerTurn,
    });
    const turnWait = performance.now() - started;
    const newParts = shown.flatMap((message) =>
      message.parts.filter((part) => part.kind === 'media' && part.uniqueId.startsWith('new')),
    ) as { description: string | null }[];
    const describedInTurn = newParts.filter((part) => part.description?.startsWith('a cat sticker')).length;
    const placeholders = newParts.filter((part) => part.description?.startsWith('what its emoji')).length;
    const backgroundStarted = performance.now();
    await media.idle();
    const background = performance.now() - backgroundStarted;

    const figures = {
      'cache hit p50 (ms)': Number(percentile(hits, 50).toFixed(4)),
      'cache hit p99 (ms)': Number(percentile(hits, 99).toFixed(4)),
      'one description (ms)': DESCRIBE_MS,
      '200 stickers, 20 new: turn waits (ms)': Math.round(turnWait),
      'new ones described in the prompt': describedInTurn,
      'shown by their emoji meanwhile': placeholders,
      'rest described in the background (ms)': Math.round(background),
      'described in all': described,
    };
    console.log('\nmedia bench');
    console.table(figures);
  } finally {
    await media.stop();
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
