import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'vitest';
import { createLogger } from '../src/main/logging';
import { archiveMessages } from '../src/main/memory';
import { openStore } from '../src/main/store';
import type { ChatMsg } from '../src/shared/domain/conversation';

// `npm run bench:memory`: what the conversation archive costs. An archive of
// TROUPE_BENCH_ARCHIVE_MESSAGES (default 100,000) across 50 chats on a SQLite file, then single
// inbound messages archived each in its own transaction, as the engine does on arrival, and a
// turn's history of 200 messages seen again (nothing to rewrite).
/** Messages per batch of the full-text indexing: a second of a busy host's messages. */
const INDEX_BATCH = 100;
const ARCHIVE_MESSAGES = Number(process.env.TROUPE_BENCH_ARCHIVE_MESSAGES ?? 100_000);
const CHATS = 50;
const WORDS = [
  'harbour',
  'lighthouse',
  'market',
  'Thursday',
  'recipe',
  'garden',
  'train',
  'concert',
  'museum',
  'birthday',
  'exam',
  'nursing',
  'poetry',
  'bicycle',
  'weekend',
  'café',
  'Zoë',
  'mountain',
  'river',
  'holiday',
  'kitchen',
  'library',
  'novel',
  'sister',
  'brother',
  'office',
  'meeting',
  'doctor',
];

function sentence(seed: number): string {
  const words: string[] = [];
  for (let index = 0; index < 12; index += 1) words.push(WORDS[(seed * 31 + index * 17) % WORDS.length]!);
  return `Message ${seed}: ${words.join(' ')}.`;
}

function chatMessage(channelId: number, messageId: number, at: number): ChatMsg {
  const text = sentence(channelId * 1_000_003 + messageId);
  return {
    channelId,
    messageId,
    senderId: messageId % 2 === 0 ? null : channelId,
    senderName: messageId % 2 === 0 ? null : 'Pat',
    senderUsername: null,
    isAgent: messageId % 2 === 0,
    replyToMessageId: null,
    sentAt: new Date(at).toISOString(),
    editedAt: null,
    parts: [{ kind: 'text', text }],
    reactions: [],
    mentioned: false,
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

test('conversation archive', () => {
  const dir = mkdtempSync(join(tmpdir(), 'troupe-bench-memory-'));
  const store = openStore({ file: join(dir, 'troupe.db'), logger: createLogger({ level: 'silent' }) });
  try {
    const conversation = (channelId: number) => ({ agent: 'Ada', network: 'simulator' as const, channelId });
    const perChat = Math.ceil(ARCHIVE_MESSAGES / CHATS);
    const start = Date.UTC(2025, 0, 1);
    const fillStarted = performance.now();
    for (let chat = 1; chat <= CHATS; chat += 1) {
      const messages = Array.from({ length: perChat }, (_, index) =>
        chatMessage(chat, index + 1, start + index * 60_000),
      );
      store.transaction(() => archiveMessages(store, conversation(chat), messages, new Date()));
    }
    store.archiveIndex.indexPending();
    const fillSeconds = (performance.now() - fillStarted) / 1000;

    // The archive's share of a transaction (what it adds to the engine's bookkeeping), and a
    // transaction of its own with its commit (what the engine pays on an inbound event). The
    // full-text indexes take the messages in batches, as the runtime's indexing does each second.
    const inside: number[] = [];
    const single: number[] = [];
    let indexingMs = 0;
    for (let index = 0; index < 2_000; index += 1) {
      const chat = (index % CHATS) + 1;
      const message = chatMessage(chat, perChat + 1 + Math.floor(index / CHATS), Date.now());
      const began = performance.now();
      store.transaction(() => {
        const writeBegan = performance.now();
        archiveMessages(store, conversation(chat), [message], new Date());
        inside.push(performance.now() - writeBegan);
      });
      single.push(performance.now() - began);
      if ((index + 1) % INDEX_BATCH === 0) {
        const indexBegan = performance.now();
        store.archiveIndex.indexPending();
        indexingMs += performance.now() - indexBegan;
      }
    }

    const seenAgain: number[] = [];
    for (let round = 0; round < 50; round += 1) {
      const chat = (round % CHATS) + 1;
      const history = Array.from({ length: 200 }, (_, index) =>
        chatMessage(chat, perChat - 199 + index, start + (perChat - 199 + index) * 60_000),
      );
      const began = performance.now();
      store.transaction(() => archiveMessages(store, conversation(chat), history, new Date()));
      seenAgain.push(performance.now() - began);
    }

    console.table({
      'archived messages': ARCHIVE_MESSAGES,
      'fill throughput (messages/s)': Math.round(ARCHIVE_MESSAGES / fillSeconds),
      'one message, inside a transaction, p50 (ms)': percentile(inside, 50).toFixed(3),
      'one message, inside a transaction, p99 (ms)': percentile(inside, 99).toFixed(3),
      'one inbound message, own transaction, p50 (ms)': percentile(single, 50).toFixed(3),
      'one inbound message, own transaction, p99 (ms)': percentile(single, 99).toFixed(3),
      [`indexing for search in batches of ${INDEX_BATCH}, per message (ms)`]: (indexingMs / 2_000).toFixed(3),
      "a turn's 200-message history seen again, p50 (ms)": percentile(seenAgain, 50).toFixed(2),
      "a turn's 200-message history seen again, p99 (ms)": percentile(seenAgain, 99).toFixed(2),
    });
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}, 600_000);
