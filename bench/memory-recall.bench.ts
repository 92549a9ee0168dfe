import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'vitest';
import { createLogger } from '../src/main/logging';
import { type RecallRequest, recallMemory } from '../src/main/memory';
import { type ArchivedMessageInput, openStore, type Store } from '../src/main/store';
import {
  buildChat,
  EVAL_NOW,
  EVAL_TIME_ZONE,
  type EvalQuestion,
  RECALL_EVAL_CHATS,
  recallEvalSet,
  scoreByTag,
} from './recall-eval';

// `npm run bench:memory` (with the archive bench): memory recall's quality and speed.
//
// Quality: the synthetic evaluation set of bench/recall-eval (four long chats in English, German
// and Spanish with facts buried at known depths, and questions whose answers are known message
// ids), asked as a turn asks; recall@k is the mean share of a question's answering messages
// among the first k items, hit@k the share of questions with one there.
//
// Speed: an archive of TROUPE_BENCH_ARCHIVE_MESSAGES (default 100,000) across 50 chats of the
// same kind of chit-chat, each with the evaluation's facts, asked the evaluation's questions
// and questions of common words; then the archive bench's worst case, 100,000 messages of twelve
// words from a vocabulary of 28, where every word is in a third of all messages.
const ARCHIVE_MESSAGES = Number(process.env.TROUPE_BENCH_ARCHIVE_MESSAGES ?? 100_000);
const CHATS = 50;
const AGENT = 'Ada';
const silent = createLogger({ level: 'silent' });

const COMMON_QUESTIONS = [
  'how was work?',
  'did you have coffee?',
  'the train was late again',
  'any plans for the weekend?',
  'what did you have for lunch',
  'haha same',
  'war die Bahn pünktlich?',
  '¿qué tal el trabajo?',
];

/** The archive bench's vocabulary: its messages are twelve of these words each. */
const ALL_WORDS = (
  'harbour lighthouse market Thursday recipe garden train concert museum birthday exam nursing poetry ' +
  'bicycle weekend café Zoë mountain river holiday kitchen library novel sister brother office meeting doctor'
).split(' ');

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function request(channelId: number, query: string): RecallRequest {
  return {
    conversation: { agent: AGENT, network: 'telegram', channelId },
    queryTexts: [query],
    now: EVAL_NOW,
    timeZone: EVAL_TIME_ZONE,
  };
}

async function timed(store: Store, asks: readonly (readonly [number, string])[]): Promise<number[]> {
  const times: number[] = [];
  for (const [channelId, query] of asks) {
    const began = performance.now();
    await recallMemory(store, request(channelId, query), silent);
    times.push(performance.now() - began);
  }
  return times;
}

function withStore<T>(work: (store: Store) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'troupe-bench-recall-'));
  const store = openStore({ file: join(dir, 'troupe.db'), logger: silent });
  return work(store).finally(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });
}

function archive(store: Store, channelId: number, messages: readonly ArchivedMessageInput[]): void {
  store.transaction(() =>
    store.archive.put({ agent: AGENT, network: 'telegram', channelId }, messages, new Date()),
  );
}

async function quality(): Promise<void> {
  const set = recallEvalSet();
  await withStore(async (store) => {
    for (const chat of set.chats) archive(store, chat.channelId, chat.messages);
    const answers: number[][][] = [];
    for (const question of set.questions) {
      const items = await recallMemory(store, request(question.channelId, question.question), silent);
      answers.push(items.map((item) => item.messageIds));
    }
    const scores = scoreByTag(set.questions, answers);
    console.log(
      `Recall on the evaluation set: ${set.chats.reduce((sum, chat) => sum + chat.messages.length, 0)} messages in ${set.chats.length} chats, ${set.questions.length} questions`,
    );
    console.table(
      Object.fromEntries(
        Object.entries(scores).map(([tag, score]) => [
          tag,
          {
            questions: score.questions,
            'recall@5': score.recallAt5.toFixed(3),
            'recall@10': score.recallAt10.toFixed(3),
            'hit@5': score.hitAt5.toFixed(3),
            'hit@10': score.hitAt10.toFixed(3),
          },
        ]),
      ),
    );
  });
}

async function chitChatLatency(): Promise<Record<string, string>> {
  const perChat = Math.ceil(ARCHIVE_MESSAGES / CHATS);
  return withStore(async (store) => {
    const questions: EvalQuestion[] = [];
    const fillStarted = performance.now();
    for (let index = 0; index < CHATS; index++) {
      const spec = RECALL_EVAL_CHATS[index % RECALL_EVAL_CHATS.length]!;
      const factMessages = spec.facts.reduce((sum, fact) => sum + fact.messages.length, 0);
      const built = buildChat({
        ...spec,
        channelId: 5000 + index,
        seed: 1000 + index,
        messages: perChat - factMessages,
      });
      archive(store, built.chat.channelId, built.chat.messages);
      if (index < 10) questions.push(...built.questions);
    }
    const fillSeconds = (performance.now() - fillStarted) / 1000;
    const eval_ = await timed(
      store,
      questions.map((question) => [question.channelId, question.question] as const),
    );
    const common = await timed(
      store,
      Array.from(
        { length: 400 },
        (_, index) => [5000 + (index % CHATS), COMMON_QUESTIONS[index % 8]!] as const,
      ),
    );
    return {
      'chit-chat archive: messages, chats': `${perChat * CHATS}, ${CHATS} (filled in ${fillSeconds.toFixed(1)} s)`,
      [`recall, the evaluation's questions (${eval_.length}), p50 / p99 (ms)`]: `${percentile(eval_, 50).toFixed(2)} / ${percentile(eval_, 99).toFixed(2)}`,
      [`recall, questions of common words (${common.length}), p50 / p99 (ms)`]: `${percentile(common, 50).toFixed(2)} / ${percentile(common, 99).toFixed(2)}`,
    };
  });
}

async function commonVocabularyLatency(): Promise<Record<string, string>> {
  const perChat = Math.ceil(ARCHIVE_MESSAGES / CHATS);
  return withStore(async (store) => {
    const start = Date.UTC(2025, 0, 1);
    for (let chat = 1; chat <= CHATS; chat++) {
      const messages = Array.from({ length: perChat }, (_, index): ArchivedMessageInput => {
        const seed = chat * 1_000_003 + index + 1;
        const words = Array.from(
          { length: 12 },
          (_w, at) => ALL_WORDS[(seed * 31 + at * 17) % ALL_WORDS.length]!,
        );
        const text = `Message ${seed}: ${words.join(' ')}.`;
        return {
          messageId: index + 1,
          senderId: index % 2 === 0 ? null : chat,
          senderName: index % 2 === 0 ? null : 'Pat',
          isAgent: index % 2 === 0,
          replyTo: null,
          sentAt: new Date(start + index * 60_000).toISOString(),
          editedAt: null,
          text,
          partsJson: '[]',
        };
      });
      archive(store, chat, messages);
    }
    const times = await timed(
      store,
      Array.from({ length: 500 }, (_, index) => {
        const word = ALL_WORDS[index % ALL_WORDS.length]!;
        const other = ALL_WORDS[(index * 7 + 3) % ALL_WORDS.length]!;
        return [
          (index % CHATS) + 1,
          index % 2 === 0 ? `what about the ${word}?` : `${word} and ${other}`,
        ] as const;
      }),
    );
    return {
      [`recall of common words only (the archive bench's ${perChat * CHATS} messages), p50 / p99 (ms)`]: `${percentile(times, 50).toFixed(2)} / ${percentile(times, 99).toFixed(2)}`,
    };
  });
}

test('memory recall', async () => {
  await quality();
  console.log('Recall latency, no embeddings');
  console.table({ ...(await chitChatLatency()), ...(await commonVocabularyLatency()) });
}, 900_000);
