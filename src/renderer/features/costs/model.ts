import type { Network } from '../../../shared/api/conversation-contract';
import type { UsageConversation, UsageSummary, UsageSummaryInput } from '../../../shared/api/usage-contract';
import { dateFormat } from '../../ui/format';

/** The window a costs view reads: a span of days up to today, or days the operator picked. */
export type UsageRange =
  | { kind: 'today' | '7d' | '30d' | '90d' }
  /** Calendar days `YYYY-MM-DD`, both included. */
  | { kind: 'custom'; from: string; to: string };

/** What one costs view shows: the operator's window over every agent, one agent or one conversation. */
export interface UsageQuery {
  range: UsageRange;
  agent: string | null;
  conversation: { network: Network; channelId: number } | null;
}

export const RANGE_LABELS: Record<UsageRange['kind'], string> = {
  today: 'Today',
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
  custom: 'Custom',
};

const RANGE_DAYS = { today: 1, '7d': 7, '30d': 30, '90d': 90 } as const;

/** The local midnight starting `YYYY-MM-DD`. */
function localMidnight(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date);
}

/** `YYYY-MM-DD` of a local date. */
export function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/** Why a custom range cannot be read, keyed by its field; empty when it can. `today`: `YYYY-MM-DD`. */
export function rangeProblems(
  range: UsageRange,
  today = localDay(new Date()),
): Partial<Record<'from' | 'to', string>> {
  if (range.kind !== 'custom') return {};
  const valid = (day: string) =>
    /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(localMidnight(day).getTime());
  if (!valid(range.from)) return { from: 'Pick the first day.' };
  if (!valid(range.to)) return { to: 'Pick the last day.' };
  if (range.to < range.from) return { to: 'The last day comes before the first.' };
  if (range.to > today) return { to: 'Pick today or an earlier day.' };
  return {};
}

/** The range as instants in this browser's time zone: whole local days, up to the end of today. */
export function resolveRange(range: UsageRange, now: Date): { since: Date; until: Date } {
  if (range.kind === 'custom')
    return { since: localMidnight(range.from), until: addDays(localMidnight(range.to), 1) };
  const tomorrow = addDays(now, 1);
  const until = new Date(tomorrow.getFullYear(), tomorrow.getMonth(), tomorrow.getDate());
  return { since: addDays(until, -RANGE_DAYS[range.kind]), until };
}

/** The operator's time zone, so the days of the charts are theirs. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function summaryInput(query: UsageQuery, now: Date): UsageSummaryInput {
  const { since, until } = resolveRange(query.range, now);
  return {
    since: since.toISOString(),
    until: until.toISOString(),
    timeZone: browserTimeZone(),
    ...(query.agent !== null ? { agent: query.agent } : {}),
    ...(query.conversation ? { conversation: query.conversation } : {}),
  };
}

/** One key per view's query: views showing the same thing share one summary. */
export function queryKey(query: UsageQuery): string {
  return JSON.stringify([query.range, query.agent, query.conversation]);
}

/** Whether a new ledger row of this agent and chat counts in the query (its window is not checked: it is now). */
export function queryCovers(
  query: UsageQuery,
  row: { agent: string; network: Network | null; channelId: number | null },
): boolean {
  if (query.agent !== null && query.agent !== row.agent) return false;
  if (!query.conversation) return true;
  return row.network === query.conversation.network && row.channelId === query.conversation.channelId;
}

/** "$12.40", "$0.0031", "$0": cents for sums, enough digits for single cheap calls. */
export function formatUsd(value: number): string {
  if (value === 0) return '$0';
  if (Math.abs(value) >= 1) return `$${value.toFixed(2)}`;
  return `$${value
    .toPrecision(2)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '')}`;
}

/** "1.2M", "840k", "312". */
export function formatTokens(value: number): string {
  return new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

/** "Mar 3" for a `YYYY-MM-DD` day, "Mar 3, 2025" `withYear`. */
export function dayLabel(day: string, withYear = false): string {
  return dateFormat(undefined, {
    month: 'short',
    day: 'numeric',
    ...(withYear ? { year: 'numeric' } : {}),
  }).format(localMidnight(day));
}

/** Whether a summary's days run over more than one year: then its day labels need the year. */
function spansYears(summary: UsageSummary): boolean {
  const first = summary.days[0]?.day;
  const last = summary.days.at(-1)?.day;
  return first !== undefined && last !== undefined && first.slice(0, 4) !== last.slice(0, 4);
}

/** What a range shows, in words: "the last 7 days", "Nov 1, 2026 – Nov 30, 2026". */
export function rangeDescription(range: UsageRange): string {
  if (range.kind === 'today') return 'today';
  if (range.kind !== 'custom') return `the last ${RANGE_LABELS[range.kind]}`;
  const from = dayLabel(range.from, true);
  return range.from === range.to ? from : `${from} – ${dayLabel(range.to, true)}`;
}

/** At most this many day labels on an axis however wide, so a wide chart still reads at a glance. */
const MAX_DAY_LABELS = 7;
/** A generous width per character of a 12 px axis label, and the clear space between two labels. */
const LABEL_CHAR_PX = 7;
const LABEL_GAP_PX = 16;

/** The width an axis label of `chars` characters may take. */
export function axisLabelWidth(chars: number): number {
  return chars * LABEL_CHAR_PX;
}

/** How many labels of `labelChars` characters fit side by side, a clear gap apart, on `axisWidth` px. */
function labelsThatFit(labelChars: number, axisWidth: number): number {
  return Math.floor(axisWidth / (axisLabelWidth(labelChars) + LABEL_GAP_PX));
}

/**
 * How many days to skip between labels of a daily axis `axisWidth` pixels wide, so that labels of
 * `labelChars` characters never overlap; at most seven. Unmeasured (0), the cap alone applies.
 */
export function dayLabelInterval(days: number, labelChars: number, axisWidth: number): number {
  const fit = axisWidth > 0 ? labelsThatFit(labelChars, axisWidth) : Infinity;
  return Math.max(0, Math.ceil(days / Math.max(1, Math.min(MAX_DAY_LABELS, fit))) - 1);
}

/**
 * How many ticks a value axis `axisWidth` pixels wide holds, labels of `labelChars` characters
 * apart by a clear gap: two to five, so every tick can be drawn, evenly spaced. Unmeasured (0), three.
 */
export function valueTickCount(labelChars: number, axisWidth: number): number {
  if (axisWidth <= 0) return 3;
  return Math.max(2, Math.min(5, labelsThatFit(labelChars, axisWidth) + 1));
}

/** What a conversation row is called: its name, its chat id, or the calls outside conversations. */
export function conversationLabel(row: Pick<UsageConversation, 'name' | 'channelId'>): string {
  if (row.channelId === null) return 'Outside conversations (media descriptions)';
  return row.name ?? `Chat ${row.channelId}`;
}

const AGENT_COLORS = ['blue.6', 'teal.6', 'grape.6', 'orange.6', 'cyan.6', 'pink.6', 'lime.7', 'indigo.5'];
const OTHERS = 'Other agents';

export interface ChartSeries {
  name: string;
  color: string;
}

/**
 * Spend per day, one stacked series per agent (the costliest ones; the rest summed as "Other
 * agents", so a crowded console keeps a readable legend).
 */
export function spendByAgentChart(summary: UsageSummary): {
  data: Record<string, string | number>[];
  series: ChartSeries[];
} {
  const named = summary.agents.slice(
    0,
    AGENT_COLORS.length - (summary.agents.length > AGENT_COLORS.length ? 1 : 0),
  );
  const names = new Set(named.map((row) => row.agent));
  const series: ChartSeries[] = named.map((row, index) => ({ name: row.agent, color: AGENT_COLORS[index]! }));
  if (summary.agents.length > named.length) series.push({ name: OTHERS, color: 'gray.6' });
  const withYear = spansYears(summary);
  const data = summary.days.map((day) => {
    const row: Record<string, string | number> = { day: dayLabel(day.day, withYear) };
    for (const entry of series) row[entry.name] = 0;
    for (const [agent, cost] of Object.entries(day.costByAgent)) {
      const key = names.has(agent) ? agent : OTHERS;
      row[key] = (row[key] as number) + cost;
    }
    return row;
  });
  return { data, series };
}

export const TOKEN_SERIES: ChartSeries[] = [
  { name: 'Input', color: 'blue.5' },
  { name: 'Output', color: 'teal.5' },
  { name: 'Thinking', color: 'grape.5' },
];

/** Tokens per day by kind (cached input is part of input). */
export function tokensChart(summary: UsageSummary): Record<string, string | number>[] {
  const withYear = spansYears(summary);
  return summary.days.map((day) => ({
    day: dayLabel(day.day, withYear),
    Input: day.inputTokens,
    Output: day.outputTokens,
    Thinking: day.thinkingTokens,
  }));
}

/** Models whose calls went unpriced and that the catalogue still lacks: the operator's to add. */
export function unpricedModels(summary: UsageSummary) {
  return summary.models.filter((row) => row.unknownPriceCalls > 0 && !row.pricedNow);
}

/** Unpriced calls of models priced since: counted as nothing, whatever the catalogue says now. */
export function callsPricedTooLate(summary: UsageSummary): number {
  return summary.models.reduce((sum, row) => sum + (row.pricedNow ? row.unknownPriceCalls : 0), 0);
}
