import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { embedderFromSettings } from '../../../src/main/llm';
import { createLogger } from '../../../src/main/logging';
import { type RecallRequest, recallMemory, startArchiveEmbedding } from '../../../src/main/memory';
import { embedArchiveBatch } from '../../../src/main/memory/recall/embed-archive';
import { DEFAULT_SETTINGS, type Settings } from '../../../src/shared/domain/settings';
import { type FakeEmbeddingsServer, startFakeEmbeddingsServer } from '../../support/fake-embeddings-server';
import { capturingLogger } from '../../support/helpers';
import { message, recallStore } from '../../unit/memory/recall/recall-store';

const CHAT = { agent: 'Ada', network: 'telegram' as const, channelId: 501 };
const NOW = new Date('2025-06-18T12:00:00Z');
const silent = createLogger({ level: 'silent' });
const TEXTS = [
  "I've been bouldering three times a week at Klimmhal",
  'we had pizza by the river',
  'the tram was late again',
  "Dad's knee surgery went well",
];

describe('memory recall with an embedding model', () => {
  let server: FakeEmbeddingsServer;
  let store: ReturnType<typeof recallStore>;
  let settings: Settings;

  beforeEach(async () => {
    server = await startFakeEmbeddingsServer();
    store = recallStore();
    settings = {
      ...DEFAULT_SETTINGS,
      embeddings: { provider: 'ollama', model: 'nomic-embed-text' },
      llmBaseUrls: { ...DEFAULT_SETTINGS.llmBaseUrls, ollama: server.openAiBaseUrl },
    };
    store.archive.put(
      CHAT,
      TEXTS.map((text, index) => message(index + 1, text, `2025-01-0${index + 1}T10:00:00Z`)),
      NOW,
    );
  });
  afterEach(async () => {
    store.close();
    await server.close();
  });

  const embedder = () =>
    embedderFromSettings({ secrets: { reveal: () => null }, settings: () => settings, env: {} });

  async function embedAll(): Promise<void> {
    while ((await embedArchiveBatch(store, embedder(), () => NOW)) > 0);
  }

  const recall = (query: string, extra: Partial<RecallRequest> = {}, logger = silent) =>
    recallMemory(
      store,
      { conversation: CHAT, queryTexts: [query], now: NOW, timeZone: 'UTC', embedder: embedder(), ...extra },
      logger,
    );

  it('finds what was said in other words once the archive has vectors', async () => {
    expect(await recall('how often does she go climbing?')).toEqual([]);
    await embedAll();
    const items = await recall('how often does she go climbing?');
    expect(items[0]!.messageIds).toEqual([1]);
    expect((await recall('how did the operation on her father go?'))[0]!.messageIds).toEqual([4]);
  });

  it('embeds in the background: new messages, edits again, deleted ones dropped', async () => {
    const running = startArchiveEmbedding({ store, embedder, logger: silent, now: () => NOW, idleMs: 10 });
    try {
      await expect.poll(() => store.archiveVectors.space('ollama:nomic-embed-text')?.embeddedThrough).toBe(4);
      store.archive.put(CHAT, [message(5, 'my guitar lessons start soon', '2025-01-06T10:00:00Z')], NOW);
      store.archive.put(CHAT, [message(2, 'we read a novel by the river', '2025-01-02T10:00:00Z')], NOW);
      store.archive.markDeleted(CHAT, [4], NOW);
      await expect
        .poll(async () => (await recall('which instrument is she learning?'))[0]?.messageIds)
        .toEqual([5]);
      await expect.poll(async () => (await recall('what book?'))[0]?.messageIds).toEqual([2]);
      expect(
        (await recall('how did the operation on her father go?')).flatMap((item) => item.messageIds),
      ).not.toContain(4);
    } finally {
      await running.stop();
    }
  });

  it('keeps to words, with one log line, when the question cannot be embedded in time', async () => {
    await embedAll();
    server.hang();
    const { logger, records } = capturingLogger();
    const items = await recall(
      'pizza, and how often does she go climbing?',
      { embeddingTimeoutMs: 50 },
      logger,
    );
    expect(items.map((item) => item.messageIds)).toEqual([[2]]);
    expect(records()).toHaveLength(1);
    expect(records()[0]).toMatchObject({
      level: 40,
      msg: expect.stringContaining('recalling by words only'),
    });
  });

  it('keeps to words without an embedding model, and logs nothing', async () => {
    await embedAll();
    settings = { ...settings, embeddings: { provider: '', model: '' } };
    const { logger, records } = capturingLogger();
    expect(await recall('how often does she go climbing?', {}, logger)).toEqual([]);
    expect((await recall('pizza', {}, logger)).map((item) => item.messageIds)).toEqual([[2]]);
    expect(records()).toEqual([]);
  });
});
