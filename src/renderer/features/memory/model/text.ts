import type { RecallItem } from '../../../../shared/api/memory-contract';
import type { MemoryScope, SummaryOrigin } from '../../../../shared/domain/memory';
import { dateFormat } from '../../../ui/format';

/** The profile's limit, as `memory.putProfile` counts it. */
export const PROFILE_WORD_LIMIT = 550;

/** Words as the API counts them for the profile limit (runs of non-space). */
export function wordCount(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}

/** Each list's name, for headings and the words around it. */
export const SCOPE_LABELS: Record<MemoryScope, { title: string; one: string; a: string; empty: string }> = {
  memory: {
    title: 'Memories',
    one: 'memory',
    a: 'a memory',
    empty: 'Nothing remembered yet. The agent writes memories as it learns about its own life and world.',
  },
  intention: {
    title: 'Intentions',
    one: 'intention',
    a: 'an intention',
    empty: 'No intentions. The agent and nightly reflection note here what it means to follow up on.',
  },
  note: {
    title: 'Notes',
    one: 'note',
    a: 'a note',
    empty: 'No notes about this conversation.',
  },
  plan: {
    title: 'Plans',
    one: 'plan',
    a: 'a plan',
    empty: 'No plans for this conversation.',
  },
};

export const SUMMARY_ORIGIN_LABELS: Record<SummaryOrigin, string> = {
  summarizer: 'summarizer',
  agent: 'the agent',
  consolidation: 'merge',
  operator: 'operator',
  import: 'import',
};

export const RECALL_KIND_LABELS: Record<RecallItem['kind'], { label: string; color: string }> = {
  message: { label: 'Message', color: 'blue' },
  summary: { label: 'Summary', color: 'grape' },
  topic: { label: 'Topic', color: 'violet' },
  note: { label: 'Note', color: 'teal' },
  memory: { label: 'Memory', color: 'cyan' },
  fact: { label: 'Fact', color: 'orange' },
};

/** "messages 12–40", or "message 12" for one. */
export function messageRangeLabel(min: number, max: number): string {
  return min === max ? `message ${min}` : `messages ${min}–${max}`;
}

/**
 * A date the memory API gives (`2025-03-14`, or a date-time with or without an offset) as the
 * operator reads it: "14 Mar 2025". A date alone is not shifted into the browser's zone.
 */
export function shortDate(value: string): string {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(dateOnly ? `${value}T12:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return dateFormat(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(dateOnly ? { timeZone: 'UTC' } : {}),
  }).format(date);
}

/** "3 May 2025 – 5 May 2025", one date when both are the same, empty when neither is known. */
export function dateRangeLabel(first: string | null, last: string | null): string {
  const from = first === null ? null : shortDate(first);
  const to = last === null ? null : shortDate(last);
  if (from === null || to === null || from === to) return from ?? to ?? '';
  return `${from} – ${to}`;
}
