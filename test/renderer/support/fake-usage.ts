import type { ProcedureName } from '../../../src/shared/api/contract';
import { ApiError } from '../../../src/shared/api/errors';
import {
  emptyUsageTotals,
  type UsageSummary,
  type UsageSummaryInput,
  type UsageTotals,
} from '../../../src/shared/api/usage-contract';
import { type LlmPrice, LlmPriceInputSchema } from '../../../src/shared/domain/prices';

const USAGE_PROCEDURES = ['usage.summary', 'prices.list', 'prices.put', 'prices.delete'] as const;
type UsageProcedure = (typeof USAGE_PROCEDURES)[number];

export function isUsageProcedure(method: string): method is UsageProcedure {
  return (USAGE_PROCEDURES as readonly string[]).includes(method);
}

export function usageTotals(overrides: Partial<UsageTotals> = {}): UsageTotals {
  return { ...emptyUsageTotals(), ...overrides };
}

/** A summary of one day with no calls; tests fill in what they look at. */
export function usageSummary(overrides: Partial<UsageSummary> = {}): UsageSummary {
  return {
    since: '2026-03-01T00:00:00.000Z',
    until: '2026-03-02T00:00:00.000Z',
    timeZone: 'UTC',
    totals: usageTotals(),
    days: [{ day: '2026-03-01', costByAgent: {}, ...usageTotals() }],
    agents: [],
    conversations: [],
    moreConversations: 0,
    operations: [],
    models: [],
    recentCalls: [],
    ...overrides,
  };
}

/** What the fake runtime answers for costs: a summary the test sets, and a price catalogue kept in memory. */
export class FakeUsage {
  /** The summary every `usage.summary` answers, whatever the window. */
  summary: UsageSummary = usageSummary();
  readonly prices = new Map<string, LlmPrice>();

  constructor(
    private readonly runtime: {
      emit(name: 'prices.changed', payload: { prices: LlmPrice[] }): void;
      now: Date;
    },
  ) {}

  answer(method: UsageProcedure & ProcedureName, input: unknown): unknown {
    switch (method) {
      case 'usage.summary': {
        const { agent } = input as UsageSummaryInput;
        if (agent === undefined) return this.summary;
        return { ...this.summary, agents: this.summary.agents.filter((row) => row.agent === agent) };
      }
      case 'prices.list':
        return { prices: [...this.prices.values()] };
      case 'prices.put': {
        const parsed = LlmPriceInputSchema.safeParse(input);
        if (!parsed.success)
          throw new ApiError(
            'invalid_input',
            'Invalid price.',
            parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
          );
        const price: LlmPrice = {
          ...parsed.data,
          source: 'operator',
          updatedAt: this.runtime.now.toISOString(),
        };
        this.prices.set(price.modelId, price);
        this.#announce();
        return { price };
      }
      case 'prices.delete': {
        const { modelId } = input as { modelId: string };
        if (!this.prices.delete(modelId))
          throw new ApiError('not_found', `The catalogue has no price for ${modelId}.`);
        this.#announce();
        return { deleted: true };
      }
    }
  }

  #announce() {
    this.runtime.emit('prices.changed', { prices: [...this.prices.values()] });
  }
}
