import { localDay } from '../../clock';
import type { Store } from '../../store';

/** Where an agent stands against its daily spending limit, today in its own time zone. */
export interface SpendingState {
  /** USD per day; null: no limit. */
  limitUsd: number | null;
  /** What the agent's LLM calls cost today (calls without a price count nothing). */
  spentUsd: number;
  /** The limit is reached and not lifted: the agent's LLM work waits for the next day. */
  reached: boolean;
  /** The operator lifted the limit for today. */
  lifted: boolean;
  /** The agent's local date (YYYY-MM-DD). */
  day: string;
  /** When the agent's next day begins, and a reached limit with it. */
  resetsAt: Date;
}

export function spendingState(store: Store, agent: string, timeZone: string, now: Date): SpendingState {
  const today = localDay(now, timeZone);
  const { dailyLimitUsd, limitLiftedOn } = store.agentSteering.get(agent);
  const spentUsd = store.usage.spentUsd(agent, today.start, today.end);
  const lifted = limitLiftedOn === today.date;
  return {
    limitUsd: dailyLimitUsd,
    spentUsd,
    reached: dailyLimitUsd !== null && spentUsd >= dailyLimitUsd && !lifted,
    lifted,
    day: today.date,
    resetsAt: today.end,
  };
}
