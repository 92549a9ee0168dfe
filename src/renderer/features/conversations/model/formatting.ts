import type { ConversationSummary, Network } from '../../../../shared/api/conversation-contract';
import type { ChatKind, ChatMsg, MessagePart } from '../../../../shared/domain/conversation';
import { mediaLabel } from '../../../ui/chat/media-label';
import { dateFormat, formatDateTime } from '../../../ui/format';

/** How the conversation pages word and colour things: names, previews, times, sizes, costs. */

export const NETWORK_LABELS: Record<Network, string> = { simulator: 'Simulator', telegram: 'Telegram' };

/** Where an agent is on a network, in a sentence: "on Telegram", "in the Simulator". */
export const NETWORK_PLACES: Record<Network, string> = {
  simulator: 'in the Simulator',
  telegram: 'on Telegram',
};
export const NETWORK_COLORS: Record<Network, string> = { simulator: 'grape', telegram: 'blue' };

export type ChatIdentity = { title: string; kind: ChatKind };

/**
 * What a chat is called and whether it is a group: the Simulator's details once loaded, else the
 * chat list's summary (all a Telegram chat has), else null while neither is known.
 */
export function chatIdentity(
  detail: { chat: ChatIdentity } | null,
  summary: Pick<ConversationSummary, 'title' | 'kind'> | undefined,
): ChatIdentity | null {
  if (detail) return { title: detail.chat.title, kind: detail.chat.kind };
  return summary ? { title: summary.title, kind: summary.kind } : null;
}

/** The words of Telegram-style markdown without its markers, for one-line previews. */
export function stripMarkdown(text: string): string {
  return text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|~~|`)/g, '')
    .replace(/(^|\s)[*_](\S[^*_]*?)[*_](?=\s|$|[.,!?;:])/g, '$1$2');
}

function partPreview(part: MessagePart, markdown: boolean): string {
  switch (part.kind) {
    case 'text':
      return markdown ? stripMarkdown(part.text) : part.text;
    case 'media':
      return part.mediaKind === 'sticker' && part.stickerName
        ? `${part.stickerName} Sticker`
        : mediaLabel(part.mediaKind);
    case 'service':
      return part.text;
    case 'unknown':
      return `[${part.partKind}]`;
    default:
      return part satisfies never;
  }
}

/** One line that stands for a message: its text, or what its media is. */
export function messagePreview(message: ChatMsg, maxLength = 120): string {
  const text = message.parts
    .map((part) => partPreview(part, message.isAgent))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return 'Empty message';
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}

/** A day label between messages of different days: "Today", "Yesterday" or a date. */
export function dayLabel(iso: string, now: Date, locale?: string): string {
  const date = new Date(iso);
  const startOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((startOf(now) - startOf(date)) / 86_400_000);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return dateFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: date.getFullYear() === now.getFullYear() ? undefined : 'numeric',
  }).format(date);
}

export function sameDay(a: string, b: string): boolean {
  const x = new Date(a);
  const y = new Date(b);
  return x.getDate() === y.getDate() && x.getMonth() === y.getMonth() && x.getFullYear() === y.getFullYear();
}

/**
 * Makes the date formats the chat lists and timelines use, ahead of their first draw: making a
 * format costs milliseconds each, formatting with it microseconds.
 */
export function warmDateFormats(): void {
  const now = new Date();
  const earlier = new Date(now.getFullYear() - 1, 0, 1).toISOString();
  clockTime(now.toISOString());
  dayLabel(earlier, now);
  dayLabel(new Date(now.getFullYear(), 0, 1).toISOString(), new Date(now.getFullYear(), 5, 1));
  formatDateTime(earlier);
}

export function clockTime(iso: string, locale?: string): string {
  return dateFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

const SENDER_COLORS = ['indigo', 'teal', 'grape', 'orange', 'cyan', 'pink', 'lime', 'violet', 'red', 'blue'];

/** A stable colour per sender, so people in a group are told apart at a glance. */
export function senderColor(senderId: number | null): string {
  if (senderId === null) return 'gray';
  return SENDER_COLORS[Math.abs(senderId) % SENDER_COLORS.length]!;
}

/**
 * Who stands behind a name without a photo, the same everywhere: the first letters of its first
 * and last words ("Tomás Ó Briain" is TB), whole characters so an emoji or accent is not split.
 */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const ends = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return ends.map((word) => [...word][0]!.toUpperCase()).join('') || '?';
}

/** "0:07", "2:05", "1:02:03": a countdown, rounded up to whole seconds. */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const ss = String(seconds).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${ss}` : `${minutes}:${ss}`;
}

/** "1.5 s", "2 min 5 s", "1 h 2 min": a duration in seconds for a wait's delay. */
export function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round(seconds % 60);
  if (minutes < 60) return rest > 0 ? `${minutes} min ${rest} s` : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 > 0 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}

/** "$0.0042", "$1.20", or "no price" when the model is not in the price catalogue. */
export function formatCost(costUsd: number | null): string {
  if (costUsd === null) return 'no price';
  if (costUsd === 0) return '$0';
  if (costUsd < 0.01) return `$${costUsd.toPrecision(2)}`;
  return `$${costUsd.toFixed(2)}`;
}

export function formatLatency(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

export function formatCount(value: number): string {
  return new Intl.NumberFormat('en').format(value);
}
