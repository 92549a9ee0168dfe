import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'vitest';
import { createLogger } from '../src/main/logging';
import { importTelegramHistory } from '../src/main/memory';
import { openStore } from '../src/main/store';
import { exportTextToMarkdown } from '../src/main/telegram/mapping';

// `npm run bench:memory`: what `troupe history import` costs. A synthetic whole-account Telegram
// Desktop export of TROUPE_BENCH_IMPORT_MESSAGES (default 150,000) entries across a direct chat,
// a supergroup and a basic group, laid out the way Telegram Desktop writes it (indented, each
// text also as `text_entities`): texts of 1 to 25 words (about 9 on average), 2% of them
// formatted runs; 5% photos, 3% stickers, 2% voice notes, 1% files; 15% replies, 3% edited, 2%
// service entries; 40% sent by the agent. It is imported into an empty archive on a SQLite file,
// then imported again (nothing new). The engine's own per-message archiving is measured by
// memory.bench.ts; the import leaves that path as it was.
const MESSAGES = Number(process.env.TROUPE_BENCH_IMPORT_MESSAGES ?? 150_000);
const OWNER = 7_000_001;
const WORDS = (
  'the a to and of I you it is in that for on was with me we be so my this just but not have are ' +
  'what at do if all no can like get will out up one time about know think good there yes see ' +
  'harbour lighthouse market Thursday recipe garden train concert museum birthday exam nursing ' +
  'poetry bicycle weekend café Zoë mountain river holiday kitchen library novel sister brother'
).split(' ');

/** A deterministic pseudo-random sequence, so every run imports the same export. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function words(next: () => number, count: number): string {
  return Array.from({ length: count }, () => WORDS[Math.floor(next() * WORDS.length)]!).join(' ');
}

interface BenchChat {
  name: string;
  type: string;
  id: number;
  senders: { id: string; name: string }[];
  share: number;
}

const CHATS: BenchChat[] = [
  { name: 'Pat Doe', type: 'personal_chat', id: 5_550_001, senders: [], share: 0.5 },
  { name: 'Book club', type: 'private_supergroup', id: 1_800_000_001, senders: [], share: 0.4 },
  { name: 'Family', type: 'private_group', id: 4_000_001, senders: [], share: 0.1 },
];
CHATS[0]!.senders = [{ id: 'user5550001', name: 'Pat Doe' }];
for (const chat of CHATS.slice(1)) {
  chat.senders = Array.from({ length: 12 }, (_, index) => ({
    id: `user${6_000_000 + index}`,
    name: `Member ${index}`,
  }));
}

function exportMessage(
  next: () => number,
  chat: BenchChat,
  id: number,
  date: number,
): Record<string, unknown> {
  const roll = next();
  const own = next() < 0.4;
  const sender = own
    ? { id: `user${OWNER}`, name: 'Ada Lovelace' }
    : chat.senders[Math.floor(next() * chat.senders.length)]!;
  const seconds = Math.floor(date / 1000);
  const iso = new Date(date).toISOString().slice(0, 19);
  if (roll < 0.02) {
    return {
      id,
      type: 'service',
      date: iso,
      date_unixtime: String(seconds),
      actor: sender.name,
      actor_id: sender.id,
      action: 'pin_message',
      message_id: id - 1,
      text: '',
      text_entities: [],
    };
  }
  const message: Record<string, unknown> = { id, type: 'message', date: iso, date_unixtime: String(seconds) };
  if (next() < 0.03) Object.assign(message, { edited: iso, edited_unixtime: String(seconds + 60) });
  Object.assign(message, { from: sender.name, from_id: sender.id });
  if (next() < 0.15 && id > 1) message.reply_to_message_id = id - 1 - Math.floor(next() * 20);
  let text: unknown = words(next, 1 + Math.floor(next() * next() * 25));
  if (roll < 0.07) {
    Object.assign(message, { photo: `photos/photo_${id}@01-01-2024_10-00-00.jpg`, width: 1280, height: 960 });
    text = next() < 0.5 ? text : '';
  } else if (roll < 0.1) {
    Object.assign(message, {
      file: '(File not included. Change data exporting settings to download.)',
      thumbnail: '(File not included. Change data exporting settings to download.)',
      media_type: 'sticker',
      sticker_emoji: '😀',
      width: 512,
      height: 512,
    });
    text = '';
  } else if (roll < 0.12) {
    Object.assign(message, {
      file: `voice_messages/audio_${id}@01-01-2024_10-00-00.ogg`,
      media_type: 'voice_message',
      mime_type: 'audio/ogg',
      duration_seconds: 7,
    });
    text = '';
  } else if (roll < 0.13) {
    Object.assign(message, { file: `files/report ${id}.pdf`, mime_type: 'application/pdf' });
  } else if (roll < 0.15) {
    text = [
      words(next, 3),
      { type: 'bold', text: words(next, 2) },
      ` ${words(next, 4)} `,
      { type: 'link', text: 'https://example.org/a' },
    ];
  }
  message.text = text;
  message.text_entities = typeof text === 'string' ? (text === '' ? [] : [{ type: 'plain', text }]) : text;
  return message;
}

/** Writes the export as Telegram Desktop lays it out, a message at a time. */
function writeExport(file: string): void {
  const fd = openSync(file, 'w');
  const next = random(42);
  const write = (text: string) => writeSync(fd, text);
  write(
    `{\n "about": "Here is the data you requested.",\n "personal_information": ${JSON.stringify({ user_id: OWNER, first_name: 'Ada', last_name: 'Lovelace', phone_number: '+44 20 0000 0000' })},\n "chats": {\n  "about": "This page lists all chats from this export.",\n  "list": [`,
  );
  CHATS.forEach((chat, chatIndex) => {
    write(
      `${chatIndex === 0 ? '' : ','}\n   {\n    "name": ${JSON.stringify(chat.name)},\n    "type": "${chat.type}",\n    "id": ${chat.id},\n    "messages": [`,
    );
    const count = Math.round(MESSAGES * chat.share);
    let date = Date.UTC(2021, 0, 1);
    for (let id = 1; id <= count; id += 1) {
      date += Math.floor(next() * 600_000);
      const body = JSON.stringify(exportMessage(next, chat, id, date), null, 1).replaceAll('\n', '\n     ');
      write(`${id === 1 ? '' : ','}\n     ${body}`);
    }
    write('\n    ]\n   }');
  });
  write('\n  ]\n }\n}\n');
  closeSync(fd);
}

test('history import', () => {
  const dir = mkdtempSync(join(tmpdir(), 'troupe-bench-import-'));
  const exportFile = join(dir, 'result.json');
  writeExport(exportFile);
  const store = openStore({ file: join(dir, 'troupe.db'), logger: createLogger({ level: 'silent' }) });
  try {
    const request = {
      file: exportFile,
      agent: 'Ada',
      network: 'telegram' as const,
      agentTelegramId: OWNER,
      chatId: null,
    };
    const deps = { store, formatText: exportTextToMarkdown, now: () => new Date() };
    const began = performance.now();
    const cpuBefore = process.cpuUsage();
    const first = importTelegramHistory(request, deps);
    const firstSeconds = (performance.now() - began) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const againBegan = performance.now();
    const again = importTelegramHistory(request, deps);
    const againSeconds = (performance.now() - againBegan) / 1000;
    const entries = first.messages + first.skipped;
    console.table({
      'export entries': entries,
      'export size (MB)': (statSync(exportFile).size / 1_048_576).toFixed(1),
      'messages archived': first.added,
      'import throughput (messages/s)': Math.round(first.messages / firstSeconds),
      'import time (s)': firstSeconds.toFixed(2),
      // Per second of this process's CPU time: what the import costs when it has a core to itself.
      'messages per CPU second': Math.round(first.messages / cpuSeconds),
      're-import, nothing new (messages/s)': Math.round(again.messages / againSeconds),
      're-import added': again.added,
      'peak RSS (MB)': Math.round(process.memoryUsage().rss / 1_048_576),
    });
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}, 600_000);
