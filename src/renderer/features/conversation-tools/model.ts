import type { Network, TaskLogRowView } from '../../../shared/api';
import { TRANSLATION_LANGUAGES } from '../../../shared/api';
import type { ChatMsg } from '../../../shared/domain/conversation';
import { messageWords } from '../../../shared/domain/message-text';
import { TASK_LOG_LEAD_IN_MS } from '../../../shared/domain/task-log-interleave';

/** One conversation on one network. */
export interface ToolsChatRef {
  network: Network;
  agent: string;
  channelId: number;
}

export const toolsKey = ({ network, agent, channelId }: ToolsChatRef): string =>
  `${network}\u0000${agent}\u0000${channelId}`;

/** Where the task log shown should start for the oldest message loaded: a little before it. */
export function taskLogStart(oldestSentAt: string): string {
  return new Date(Date.parse(oldestSentAt) - TASK_LOG_LEAD_IN_MS).toISOString();
}

/** Rows merged by id, oldest first (a live row may arrive while a span is being fetched). */
export function mergeTaskRows(
  current: readonly TaskLogRowView[],
  incoming: readonly TaskLogRowView[],
): TaskLogRowView[] {
  const byId = new Map(current.map((row) => [row.id, row]));
  for (const row of incoming) byId.set(row.id, row);
  return [...byId.values()].sort((a, b) => a.at.localeCompare(b.at) || a.id - b.id);
}

/** One message's translation, with the words it translated (an edit makes it stale). */
export interface KeptTranslation {
  source: string;
  text: string;
}

/**
 * The messages that still need a translation: those with words, not translated for their words
 * as they are now, and not asked for already.
 */
export function untranslated(
  messages: readonly ChatMsg[],
  kept: Readonly<Record<number, KeptTranslation>>,
  asked: Readonly<Record<number, string>>,
): { messageId: number; text: string }[] {
  return messages.flatMap((message) => {
    const text = messageWords(message);
    if (text === '' || kept[message.messageId]?.source === text || asked[message.messageId] === text)
      return [];
    return [{ messageId: message.messageId, text }];
  });
}

/** The browser's language as one of the short list's tags when it is one, else as the browser says it. */
export function browserLanguage(
  languages: readonly string[] = globalThis.navigator?.languages ?? [],
): string {
  for (const tag of languages) {
    const base = tag.split('-')[0]!.toLowerCase();
    if (TRANSLATION_LANGUAGES.some((language) => language.tag === base)) return base;
  }
  return 'en';
}

export function languageLabel(tag: string): string {
  return TRANSLATION_LANGUAGES.find((language) => language.tag === tag)?.name ?? tag;
}
