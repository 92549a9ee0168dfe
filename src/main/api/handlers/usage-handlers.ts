import { emptyUsageTotals, type UsageSummaryInput } from '../../../shared/api/usage-contract';
import type { DayOffset, Store, UsageFilter } from '../../store';
import type { ApiHandlers } from '../dispatcher';
import { offsetLabel, windowDays, zoneDayOffsets } from './usage-days';

/** The offsets the days are counted in, and their name for the console. */
function dayOffsets(
  input: UsageSummaryInput,
  since: Date,
  until: Date,
): { offsets: DayOffset[]; label: string } {
  if (input.timeZone !== undefined)
    return { offsets: zoneDayOffsets(input.timeZone, since, until), label: input.timeZone };
  const offsetMinutes = input.utcOffsetMinutes ?? 0;
  return { offsets: [{ from: since, offsetMinutes }], label: offsetLabel(offsetMinutes) };
}

/** `usage.summary`: the cost ledger summed for a window, every day of it listed, models marked priced or not. */
export function createUsageHandlers(deps: {
  store: Pick<Store, 'usage' | 'llmPrices'>;
}): Pick<ApiHandlers, 'usage.summary'> {
  return {
    'usage.summary': (input) => {
      const since = new Date(input.since);
      const until = new Date(input.until);
      const filter: UsageFilter = { since, until };
      if (input.agent !== undefined) filter.agent = input.agent;
      if (input.conversation) filter.conversation = input.conversation;
      const { offsets, label } = dayOffsets(input, since, until);
      const aggregates = deps.store.usage.summary(filter, offsets);
      const byDay = new Map(aggregates.days.map((day) => [day.day, day]));
      return {
        since: since.toISOString(),
        until: until.toISOString(),
        timeZone: label,
        ...aggregates,
        days: windowDays(offsets, since, until).map(
          (day) => byDay.get(day) ?? { day, costByAgent: {}, ...emptyUsageTotals() },
        ),
        models: aggregates.models.map((row) => ({
          ...row,
          pricedNow: deps.store.llmPrices.get(row.model) !== null,
        })),
      };
    },
  };
}
