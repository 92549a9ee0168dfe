import { z } from 'zod';

/** A problem found while loading configuration, located so the operator can fix it. */
export const ConfigProblemSchema = z.object({
  severity: z.enum(['error', 'warning']),
  /** Absolute path of the file (or directory) at fault; null when the problem is not tied to one. */
  file: z.string().nullable(),
  /** 1-based line in `file`, when the problem sits on a line. */
  line: z.number().int().positive().nullable(),
  message: z.string(),
});
export type ConfigProblem = z.infer<typeof ConfigProblemSchema>;

/** An agent as parsed from `agents/<configName>.md`. Optional sections are null or empty when absent. */
export const AgentConfigSchema = z.object({
  /** File stem: the agent's key everywhere (state, URLs, API). */
  configName: z.string(),
  /** The config directory the file was loaded from. */
  configDir: z.string(),
  /** Absolute path of the agent file. */
  file: z.string(),
  name: z.string(),
  phone: z.string(),
  instructions: z.string(),
  rolePrompts: z.array(z.string()),
  stickerSets: z.array(z.string()),
  /** IANA zone as written; null when unset (`none`, `null`, empty) or invalid (a warning says so). */
  timezone: z.string().nullable(),
  llm: z.string().nullable(),
  /** The model of memory work (fact reading, topic summaries, reflection); null: the conversation's. */
  memoryLlm: z.string().nullable(),
  /** Seconds, within [1, 3600]. */
  startTypingDelay: z.number().nullable(),
  /** Characters per second, within [1, 1000]. */
  typingSpeed: z.number().nullable(),
  dailySchedule: z.string().nullable(),
  resetContextOnFirstMessage: z.boolean(),
  clearSummariesOnFirstMessage: z.boolean(),
  disabled: z.boolean(),
  gagged: z.boolean(),
  telegramId: z.number().int().nullable(),
});
export type AgentConfig = z.infer<typeof AgentConfigSchema>;

/** Fields of an agent to change in its file: any of them, nothing about where the file is. */
export const AgentChangesSchema = AgentConfigSchema.omit({ configName: true, configDir: true, file: true })
  .partial()
  .strict()
  .refine((changes) => Object.keys(changes).length > 0, { message: 'Change at least one field.' });
export type AgentChanges = z.infer<typeof AgentChangesSchema>;

export const MEDIA_KINDS = ['photo', 'sticker', 'gif', 'animation', 'video', 'audio', 'document'] as const;
export const MediaKindSchema = z.enum(MEDIA_KINDS);
export type MediaKind = z.infer<typeof MediaKindSchema>;

export const MEDIA_STATUSES = [
  'generated',
  'curated',
  'budget_exhausted',
  'unsupported',
  'temporary_failure',
  'permanent_failure',
] as const;
export const MediaStatusSchema = z.enum(MEDIA_STATUSES);
export type MediaStatus = z.infer<typeof MediaStatusSchema>;
