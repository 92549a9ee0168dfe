import type { Network } from '../../shared/api/conversation-contract';
import {
  emptyUsageTotals,
  type RecentCall,
  type UsageAgent,
  type UsageConversation,
  type UsageDay,
  type UsageModel,
  type UsageOperation,
  type UsageTotals,
} from '../../shared/api/usage-contract';

/** A UTC offset in effect from `from` on; the first of a list applies from the window's start. */
export interface DayOffset {
  from: Date;
  offsetMinutes: number;
}

/** The ledger's side of a usage summary (see `UsageSummarySchema`). */
export interface UsageAggregates {
  totals: UsageTotals;
  /** Days with calls, in order; the caller fills the quiet ones. */
  days: UsageDay[];
  agents: UsageAgent[];
  conversations: UsageConversation[];
  /** Conversations past the listed ones. */
  moreConversations: number;
  operations: UsageOperation[];
  models: Omit<UsageModel, 'pricedNow'>[];
  /** The newest calls, newest first. */
  recentCalls: RecentCall[];
}

/** One row of the ledger's grouped sums (see `UsageRepository`). */
export interface LedgerGroupRow {
  kind: 'day' | 'conversation' | 'operation' | 'model';
  k1: string | null;
  k2: string | null;
  k3: number | null;
  cost: number;
  calls: number;
  input: number;
  output: number;
  cached: number;
  thinking: number;
  unknown: number;
}

export interface RecentCallRow {
  timestamp: string;
  agent: string;
  channel: number | null;
  network: Network | null;
  details_json: string;
  failure_message: string | null;
}

function totalsOf(row: LedgerGroupRow): UsageTotals {
  return {
    costUsd: row.cost,
    calls: row.calls,
    inputTokens: row.input,
    outputTokens: row.output,
    cachedTokens: row.cached,
    thinkingTokens: row.thinking,
    unknownPriceCalls: row.unknown,
  };
}

function addInto(sum: UsageTotals, part: UsageTotals): void {
  sum.costUsd += part.costUsd;
  sum.calls += part.calls;
  sum.inputTokens += part.inputTokens;
  sum.outputTokens += part.outputTokens;
  sum.cachedTokens += part.cachedTokens;
  sum.thinkingTokens += part.thinkingTokens;
  sum.unknownPriceCalls += part.unknownPriceCalls;
}

/** Costliest first, then busiest, then by name for a stable order. */
function byCost<T extends UsageTotals>(label: (row: T) => string) {
  return (a: T, b: T) => b.costUsd - a.costUsd || b.calls - a.calls || label(a).localeCompare(label(b));
}

interface Assembly {
  conversationLimit: number;
  nameOf(agent: string, network: Network, channelId: number): string | null;
}

/** Folds the grouped rows into the summary's sections; the totals and per-agent rows come from the days. */
export function usageAggregates(
  groups: readonly LedgerGroupRow[],
  recentCalls: RecentCall[],
  assembly: Assembly,
): UsageAggregates {
  const totals = emptyUsageTotals();
  const days = new Map<string, UsageDay>();
  const agents = new Map<string, UsageAgent>();
  const conversations: UsageConversation[] = [];
  const operations: UsageOperation[] = [];
  const models: UsageAggregates['models'] = [];
  for (const row of groups) {
    const sums = totalsOf(row);
    if (row.kind === 'day') {
      const day = row.k1 ?? '';
      const agent = row.k2 ?? '';
      const dayRow = days.get(day) ?? { day, costByAgent: {}, ...emptyUsageTotals() };
      addInto(dayRow, sums);
      dayRow.costByAgent[agent] = sums.costUsd;
      days.set(day, dayRow);
      const agentRow = agents.get(agent) ?? { agent, ...emptyUsageTotals() };
      addInto(agentRow, sums);
      agents.set(agent, agentRow);
      addInto(totals, sums);
    } else if (row.kind === 'conversation') {
      const network = row.k2 as Network | null;
      conversations.push({ agent: row.k1 ?? '', network, channelId: row.k3, name: null, ...sums });
    } else if (row.kind === 'operation') {
      operations.push({ operation: row.k1 ?? 'unknown', ...sums });
    } else {
      models.push({ provider: row.k1 ?? '', model: row.k2 ?? '', ...sums });
    }
  }
  conversations.sort(byCost((row) => `${row.agent}:${row.channelId}`));
  const listed = conversations.slice(0, assembly.conversationLimit);
  for (const row of listed) {
    if (row.network !== null && row.channelId !== null)
      row.name = assembly.nameOf(row.agent, row.network, row.channelId);
  }
  return {
    totals,
    days: [...days.values()].sort((a, b) => a.day.localeCompare(b.day)),
    agents: [...agents.values()].sort(byCost((row) => row.agent)),
    conversations: listed,
    moreConversations: conversations.length - listed.length,
    operations: operations.sort(byCost((row) => row.operation)),
    models: models.sort(byCost((row) => row.model)),
    recentCalls,
  };
}

/** A recent call as the console shows it; a row whose details are not a ledger's reads as zeros. */
export function toRecentCall(row: RecentCallRow): RecentCall {
  const details = JSON.parse(row.details_json) as Record<string, unknown>;
  const number = (key: string) => (typeof details[key] === 'number' ? (details[key] as number) : 0);
  const text = (key: string) => (typeof details[key] === 'string' ? (details[key] as string) : '');
  return {
    at: row.timestamp,
    agent: row.agent,
    network: row.network,
    channelId: row.channel,
    operation: text('operation'),
    provider: text('provider'),
    model: text('model'),
    inputTokens: number('input_tokens'),
    outputTokens: number('output_tokens'),
    costUsd: typeof details.cost_usd === 'number' ? details.cost_usd : null,
    latencyMs: number('latency_ms'),
    error: row.failure_message,
  };
}
