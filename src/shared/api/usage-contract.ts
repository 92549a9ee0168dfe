import { z } from 'zod';
import { NetworkSchema } from './conversation-contract';

/**
 * What the agents' LLM calls cost, read from the cost ledger: one call returns everything a
 * costs view draws for a window (totals, days, agents, conversations, operations, models and the
 * newest calls). Costs leave out calls whose model had no price when they were made; those are
 * counted apart so the console can ask for the price.
 */

/** The longest window a summary reads: past the ledger's 400 days there is nothing to read. */
export const USAGE_MAX_WINDOW_DAYS = 800;

const DAY_MS = 24 * 60 * 60 * 1000;

const Instant = z.iso.datetime({ offset: true, error: 'Give an ISO-8601 time, e.g. 2026-03-01T00:00:00Z.' });

/** Whether this JavaScript knows the IANA time zone. */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const UsageSummaryInputSchema = z
  .object({
    /** Inclusive. */
    since: Instant,
    /** Exclusive. */
    until: Instant,
    agent: z.string().min(1, 'Name the agent, or leave it out for every agent.').optional(),
    /** One conversation of `agent`. */
    conversation: z.object({ network: NetworkSchema, channelId: z.number().int() }).strict().optional(),
    /** The IANA zone whose calendar days the series uses (`Europe/Berlin`); UTC by default. */
    timeZone: z.string().min(1).optional(),
    /** A fixed UTC offset for the days instead of a zone, in minutes east of UTC. */
    utcOffsetMinutes: z.number().int().min(-840).max(840).optional(),
  })
  .strict()
  .superRefine((input, context) => {
    const span = Date.parse(input.until) - Date.parse(input.since);
    // NaN (a time that is not ISO-8601, its own issue) fails both comparisons.
    if (span <= 0)
      context.addIssue({ code: 'custom', path: ['until'], message: 'The window must end after it starts.' });
    else if (span > USAGE_MAX_WINDOW_DAYS * DAY_MS)
      context.addIssue({
        code: 'custom',
        path: ['until'],
        message: `The window may span at most ${USAGE_MAX_WINDOW_DAYS} days.`,
      });
    if (input.conversation && input.agent === undefined)
      context.addIssue({
        code: 'custom',
        path: ['agent'],
        message: 'A conversation belongs to an agent: name it.',
      });
    if (input.timeZone !== undefined && input.utcOffsetMinutes !== undefined)
      context.addIssue({
        code: 'custom',
        path: ['utcOffsetMinutes'],
        message: 'Give a time zone or an offset, not both.',
      });
    if (input.timeZone !== undefined && !isKnownTimeZone(input.timeZone))
      context.addIssue({
        code: 'custom',
        path: ['timeZone'],
        message: `Unknown time zone "${input.timeZone}".`,
      });
  });
export type UsageSummaryInput = z.input<typeof UsageSummaryInputSchema>;

export const UsageTotalsSchema = z.object({
  /** USD, calls without a price left out. */
  costUsd: z.number(),
  calls: z.number().int(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  cachedTokens: z.number(),
  thinkingTokens: z.number(),
  /** Calls made while their model had no price. */
  unknownPriceCalls: z.number().int(),
});
export type UsageTotals = z.infer<typeof UsageTotalsSchema>;

/** Sums over no calls. */
export function emptyUsageTotals(): UsageTotals {
  return {
    costUsd: 0,
    calls: 0,
    inputTokens: 0,
    outputTokens: 0,
    cachedTokens: 0,
    thinkingTokens: 0,
    unknownPriceCalls: 0,
  };
}

export const UsageDaySchema = UsageTotalsSchema.extend({
  /** `YYYY-MM-DD` in the summary's time zone; every day of the window is listed. */
  day: z.string(),
  costByAgent: z.record(z.string(), z.number()),
});
export type UsageDay = z.infer<typeof UsageDaySchema>;

export const UsageAgentSchema = UsageTotalsSchema.extend({ agent: z.string() });
export type UsageAgent = z.infer<typeof UsageAgentSchema>;

export const UsageConversationSchema = UsageTotalsSchema.extend({
  agent: z.string(),
  /** Null with `channelId` for calls outside a conversation (media descriptions). */
  network: NetworkSchema.nullable(),
  channelId: z.number().int().nullable(),
  /** The chat's title or partner's name when the runtime knows it. */
  name: z.string().nullable(),
});
export type UsageConversation = z.infer<typeof UsageConversationSchema>;

export const UsageOperationSchema = UsageTotalsSchema.extend({ operation: z.string() });
export type UsageOperation = z.infer<typeof UsageOperationSchema>;

export const UsageModelSchema = UsageTotalsSchema.extend({
  provider: z.string(),
  model: z.string(),
  /** Whether the catalogue prices the model now (its unpriced calls were made before). */
  pricedNow: z.boolean(),
});
export type UsageModel = z.infer<typeof UsageModelSchema>;

export const RecentCallSchema = z.object({
  at: z.string(),
  agent: z.string(),
  network: NetworkSchema.nullable(),
  channelId: z.number().int().nullable(),
  operation: z.string(),
  provider: z.string(),
  model: z.string(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  costUsd: z.number().nullable(),
  latencyMs: z.number(),
  error: z.string().nullable(),
});
export type RecentCall = z.infer<typeof RecentCallSchema>;

export const UsageSummarySchema = z.object({
  since: z.string(),
  until: z.string(),
  /** The zone or offset the days are in, as asked (`UTC` by default). */
  timeZone: z.string(),
  totals: UsageTotalsSchema,
  days: z.array(UsageDaySchema),
  agents: z.array(UsageAgentSchema),
  /** The costliest 200 conversations; `moreConversations` counts the rest. */
  conversations: z.array(UsageConversationSchema),
  moreConversations: z.number().int(),
  operations: z.array(UsageOperationSchema),
  models: z.array(UsageModelSchema),
  /** The newest 20 calls, newest first. */
  recentCalls: z.array(RecentCallSchema),
});
export type UsageSummary = z.infer<typeof UsageSummarySchema>;

export const usageProcedures = {
  'usage.summary': { input: UsageSummaryInputSchema, output: UsageSummarySchema },
} as const;

export const usageEvents = {
  /** A call was added to the cost ledger: cost views of its window fetch their summary again. */
  'usage.recorded': z.object({
    agent: z.string(),
    network: NetworkSchema.nullable(),
    channelId: z.number().int().nullable(),
    at: z.string(),
  }),
} as const;
