import type { ArchivedMessageInput } from '../../src/main/store';
import { fill, LANGUAGE_POOLS, type Language, pick, seededRandom, WEEKDAY_SLOTS } from './filler';

/**
 * The recall evaluation set: long synthetic chats (thousands of messages of chit-chat over months)
 * with facts buried at known depths, and questions whose answers are known message ids. The
 * questions test what real ones ask: words as written and other forms of them, names and
 * @usernames, dates ("what did we do on March 3", "yesterday", "last Tuesday"), answers split over
 * several messages, paraphrases that share no word with the answer, in English, German and
 * Spanish. Built the same on every run from the chat specs and a seed.
 */

/** What kind of finding a question asks for, to report recall by kind. */
export type QuestionTag =
  | 'words'
  | 'answer'
  | 'stems'
  | 'name'
  | 'date'
  | 'relative-date'
  | 'multi-message'
  | 'paraphrase';

export interface FactSpec {
  /** Where the fact goes: a share of the chat (0 oldest, 1 newest), days before `EVAL_NOW`, or the latest weekday before it (0 Sunday). */
  at: { depth: number } | { daysBeforeNow: number } | { lastWeekday: number };
  /** The messages, in order: who says it, and what. */
  messages: readonly (readonly ['partner' | 'agent', string])[];
  /** The question; `{date}` becomes the day the fact was said, in the chat's language. */
  question: string;
  /** Which messages answer it (indexes into `messages`); default all. */
  answers?: readonly number[];
  tag: QuestionTag;
}

export interface ChatSpec {
  channelId: number;
  partner: string;
  language: Language;
  /** Filler messages besides the facts. */
  messages: number;
  /** The first day (UTC date). */
  start: string;
  seed: number;
  /** Words for the filler's {slots}; `name` should hold the chat's people. */
  slots: Record<string, readonly string[]>;
  facts: readonly FactSpec[];
  /** Messages that share a fact's words without answering its question, scattered through the chat. */
  distractors: readonly (readonly ['partner' | 'agent', string])[];
}

export interface EvalQuestion {
  channelId: number;
  question: string;
  /** Message ids that answer it. */
  expected: number[];
  tag: QuestionTag;
}

export interface EvalChat {
  channelId: number;
  messages: ArchivedMessageInput[];
}

export interface EvalSet {
  chats: EvalChat[];
  questions: EvalQuestion[];
}

/** When the questions are asked: every chat ends the day before. */
export const EVAL_NOW = new Date('2025-06-18T10:00:00Z');
export const EVAL_TIME_ZONE = 'Europe/Berlin';
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** Facts placed by date are said in the evening (UTC; the same day in Berlin). */
const EVENING_UTC_HOUR = 19;

interface Line {
  agent: boolean;
  text: string;
  at: number;
}

/** Sessions of chit-chat from `start` to the day before EVAL_NOW, `count` messages in all. */
function fillerLines(spec: ChatSpec): Line[] {
  const random = seededRandom(spec.seed);
  const pools = LANGUAGE_POOLS[spec.language];
  const slots = { day: WEEKDAY_SLOTS[spec.language], ...spec.slots };
  const start = Date.parse(`${spec.start}T00:00:00Z`);
  const days = Math.floor((EVAL_NOW.getTime() - DAY_MS - start) / DAY_MS);
  const sessions = Math.ceil(spec.messages / 12);
  const lines: Line[] = [];
  for (let session = 0; lines.length < spec.messages; session++) {
    const day = Math.min(days, Math.floor((session * days) / sessions));
    let at =
      start +
      day * DAY_MS +
      (6 + Math.floor(random() * 13)) * 3_600_000 +
      Math.floor(random() * 60) * MINUTE_MS;
    const length = 4 + Math.floor(random() * 17);
    let agent = random() < 0.3;
    for (let index = 0; index < length && lines.length < spec.messages; index++) {
      const pool =
        index === 0
          ? pools.openers
          : index === length - 1
            ? pools.closers
            : random() < 0.45
              ? pools.replies
              : pools.talk;
      lines.push({ agent, text: fill(pick(random, pool), slots, random), at });
      at += Math.floor(20_000 + random() * 240_000);
      if (random() < 0.7) agent = !agent;
    }
  }
  // Distractors replace filler at seeded places, each keeping the time of the line it replaces.
  for (const [who, text] of spec.distractors) {
    const index = Math.floor(random() * lines.length);
    lines[index] = { agent: who === 'agent', text, at: lines[index]!.at };
  }
  return lines;
}

function berlinDate(at: number): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: EVAL_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(new Date(at));
  const value = (type: string) => Number(parts.find((part) => part.type === type)!.value);
  return { year: value('year'), month: value('month'), day: value('day') };
}

const MONTHS: Record<Language, string[]> = {
  en: 'January February March April May June July August September October November December'.split(' '),
  de: 'Januar Februar März April Mai Juni Juli August September Oktober November Dezember'.split(' '),
  es: 'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre'.split(' '),
};

/** The day as people write it: "March 3", "3. März", "3 de marzo". */
function writtenDate(at: number, language: Language): string {
  const { month, day } = berlinDate(at);
  const name = MONTHS[language][month - 1]!;
  if (language === 'de') return `${day}. ${name}`;
  if (language === 'es') return `${day} de ${name}`;
  return `${name} ${day}`;
}

/** Where a fact goes: the filler line it follows, and when it is said. */
function placement(fact: FactSpec, lines: readonly Line[]): { after: number; at: number } {
  if ('depth' in fact.at) {
    const after = Math.min(lines.length - 1, Math.round(fact.at.depth * (lines.length - 1)));
    return { after, at: lines[after]!.at + MINUTE_MS };
  }
  const today = Date.UTC(EVAL_NOW.getUTCFullYear(), EVAL_NOW.getUTCMonth(), EVAL_NOW.getUTCDate());
  let daysBack: number;
  if ('daysBeforeNow' in fact.at) daysBack = fact.at.daysBeforeNow;
  else daysBack = (EVAL_NOW.getUTCDay() - fact.at.lastWeekday + 7) % 7 || 7;
  const at = today - daysBack * DAY_MS + EVENING_UTC_HOUR * 3_600_000;
  let after = lines.findIndex((line) => line.at > at) - 1;
  if (after < 0) after = lines.length - 1;
  return { after, at };
}

/** One chat's messages (ids from 1, in order) and its questions. */
export function buildChat(spec: ChatSpec): { chat: EvalChat; questions: EvalQuestion[] } {
  const lines = fillerLines(spec);
  const placed = spec.facts.map((fact) => ({ fact, ...placement(fact, lines) }));
  const inserts = new Map<number, typeof placed>();
  for (const entry of placed) inserts.set(entry.after, [...(inserts.get(entry.after) ?? []), entry]);

  const messages: ArchivedMessageInput[] = [];
  const push = (agent: boolean, text: string, at: number) => {
    const messageId = messages.length + 1;
    messages.push({
      messageId,
      senderId: agent ? null : spec.channelId,
      senderName: agent ? null : spec.partner,
      isAgent: agent,
      replyTo: null,
      sentAt: new Date(at).toISOString(),
      editedAt: null,
      text,
      partsJson: JSON.stringify([{ kind: 'text', text }]),
    });
    return messageId;
  };
  const questions: EvalQuestion[] = [];
  lines.forEach((line, index) => {
    push(line.agent, line.text, line.at);
    for (const { fact, at } of inserts.get(index) ?? []) {
      const ids = fact.messages.map(([who, text], offset) =>
        push(who === 'agent', text, at + offset * MINUTE_MS),
      );
      const answers = fact.answers ?? fact.messages.map((_message, offset) => offset);
      questions.push({
        channelId: spec.channelId,
        question: fact.question.replace('{date}', writtenDate(at, spec.language)),
        expected: answers.map((offset) => ids[offset]!),
        tag: fact.tag,
      });
    }
  });
  return { chat: { channelId: spec.channelId, messages }, questions };
}

/** The whole set: every chat's messages and every question. */
export function buildEvalSet(specs: readonly ChatSpec[]): EvalSet {
  const built = specs.map(buildChat);
  return { chats: built.map((entry) => entry.chat), questions: built.flatMap((entry) => entry.questions) };
}
