import { z } from 'zod';
import { ConversationRefSchema, NetworkSchema } from './conversation-contract';
import { ApiError } from './errors';

/**
 * The operator's tools on a conversation view: the chat's task log shown between its messages,
 * the messages translated into the operator's language, and the conversation exported as a page
 * to keep or print.
 */

/** One row of a conversation's task log, as the timeline shows it between the messages. */
export const TaskLogRowViewSchema = z.object({
  id: z.number().int(),
  /** ISO-8601 UTC. */
  at: z.string(),
  /** The task kind (`send`, `received`, `remember`, ...), or `llm_usage` for an LLM call. */
  kind: z.string(),
  /** What became of it when the row says (`done` when it ran without one, `failed`, `retry`, ...). */
  outcome: z.string().nullable(),
  failure: z.string().nullable(),
  taskId: z.string().nullable(),
  /** An LLM call's operation (`received`, `summarize`, `translate`, ...); null for other rows. */
  operation: z.string().nullable(),
  model: z.string().nullable(),
  /** An LLM call's price; null when it had none or the row is not a call. */
  costUsd: z.number().nullable(),
});
export type TaskLogRowView = z.infer<typeof TaskLogRowViewSchema>;

/**
 * A task-log row in a few words: an LLM call's operation, model and price (as `cost` writes it);
 * a task's kind and outcome; and why it failed.
 */
export function taskRowWords(row: TaskLogRowView, cost: (usd: number) => string): string {
  const what =
    row.kind === 'llm_usage'
      ? [`LLM ${row.operation ?? 'call'}`, row.model, row.costUsd === null ? null : cost(row.costUsd)]
      : [row.kind, row.outcome];
  return [...what, row.failure].filter((part) => part !== null && part !== '').join(' · ');
}

/** At most this many rows answer one task-log request; the newest are kept. */
export const TASK_LOG_PAGE_LIMIT = 2_000;

/** The operator's languages offered for translation (BCP 47 tags); any other tag is accepted too. */
export const TRANSLATION_LANGUAGES = [
  { tag: 'en', name: 'English' },
  { tag: 'de', name: 'Deutsch' },
  { tag: 'es', name: 'Español' },
  { tag: 'fr', name: 'Français' },
  { tag: 'it', name: 'Italiano' },
  { tag: 'pt', name: 'Português' },
  { tag: 'ru', name: 'Русский' },
  { tag: 'uk', name: 'Українська' },
  { tag: 'ja', name: '日本語' },
  { tag: 'zh', name: '中文' },
] as const;

export const LanguageTagSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'Give a language tag such as "en" or "pt-BR".');

/** The most messages one translate request may carry (the view asks for what it has loaded). */
export const MAX_TRANSLATE_MESSAGES = 500;

export const MessageTranslationSchema = z.object({
  messageId: z.number().int().positive(),
  /** The message's text in the target language (unchanged when it already was). */
  text: z.string(),
});
export type MessageTranslation = z.infer<typeof MessageTranslationSchema>;

/**
 * What a failed translation asks of the operator, in its error's details: a setting to fix (the
 * model's key or name) before asking again, or only another try (the model's answer was unusable,
 * it was busy). The console asks again by itself for neither: each try is a paid call.
 */
export const TRANSLATION_REMEDIES = ['settings', 'retry'] as const;
export type TranslationRemedy = (typeof TRANSLATION_REMEDIES)[number];
const TranslationFailureSchema = z.object({ remedy: z.enum(TRANSLATION_REMEDIES) });

/** A failed `conversations.translate`'s remedy; another try for errors that name none. */
export function translationRemedy(error: unknown): TranslationRemedy {
  const parsed = TranslationFailureSchema.safeParse(error instanceof ApiError ? error.details : undefined);
  return parsed.success ? parsed.data.remedy : 'retry';
}

/** What to put in an exported conversation besides its messages. */
export const ConversationExportOptionsSchema = z.object({
  summaries: z.boolean().default(false),
  taskLog: z.boolean().default(false),
  /** The language whose kept translations are shown under the messages; none: no translations. */
  translationLanguage: LanguageTagSchema.nullable().default(null),
});
export type ConversationExportOptions = z.infer<typeof ConversationExportOptionsSchema>;

/** The newest messages an export holds at most. */
export const MAX_EXPORT_MESSAGES = 5_000;

export const conversationToolsProcedures = {
  /**
   * The conversation's task-log rows from `since` (inclusive) to `until` (exclusive; now when
   * absent), oldest first. `truncated`: more rows than one answer holds fell in the span; the
   * newest are given.
   */
  'conversations.taskLog': {
    input: ConversationRefSchema.extend({
      since: z.iso.datetime({ offset: true }),
      until: z.iso.datetime({ offset: true }).optional(),
    }).strict(),
    output: z.object({ rows: z.array(TaskLogRowViewSchema), truncated: z.boolean() }),
  },
  /**
   * Translates messages into `language` with the agent's model (or Settings' translation model):
   * the ones translated before come from the cache, the rest go to the model in batches, each
   * batch announced as `conversation.translated` as it is done. Messages without text are left
   * out. Resolves with every translation once all batches are done.
   */
  'conversations.translate': {
    input: ConversationRefSchema.extend({
      language: LanguageTagSchema,
      messages: z
        .array(z.object({ messageId: z.number().int().positive(), text: z.string() }).strict())
        .max(MAX_TRANSLATE_MESSAGES, `Translate at most ${MAX_TRANSLATE_MESSAGES} messages at once.`),
    }).strict(),
    output: z.object({ translations: z.array(MessageTranslationSchema) }),
  },
} as const;

const ConversationEventRef = { agent: z.string(), network: NetworkSchema, channelId: z.number().int() };

export const conversationToolsEvents = {
  /** A row was added to a conversation's task log (a task ran or failed, an LLM call was priced). */
  'conversation.taskLogged': z.object({ ...ConversationEventRef, row: TaskLogRowViewSchema }),
  /** A batch of a conversation's messages was translated. */
  'conversation.translated': z.object({
    ...ConversationEventRef,
    language: z.string(),
    translations: z.array(MessageTranslationSchema),
  }),
} as const;

/** The path of a conversation's export (a zip) or, with `print`, its page with live media links. */
export const CONVERSATION_EXPORT_PATH = '/export/conversation';

export interface ConversationExportQuery {
  agent: string;
  network: z.infer<typeof NetworkSchema>;
  channelId: number;
  options: ConversationExportOptions;
  /** The page alone, media linked to the console's media route: for printing. */
  print: boolean;
}

/** The export's address, relative to the console's page (both the server and `app://` answer it). */
export function conversationExportPath(query: ConversationExportQuery): string {
  const params: [string, string][] = [
    ['agent', query.agent],
    ['network', query.network],
    ['channelId', String(query.channelId)],
  ];
  if (query.options.summaries) params.push(['summaries', '1']);
  if (query.options.taskLog) params.push(['taskLog', '1']);
  if (query.options.translationLanguage) params.push(['translations', query.options.translationLanguage]);
  if (query.print) params.push(['print', '1']);
  const search = params.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&');
  return `${CONVERSATION_EXPORT_PATH.slice(1)}?${search}`;
}

/** The query an export address names; an error message says what is wrong with it. */
export function parseConversationExportQuery(params: {
  get(name: string): string | null;
}): { ok: true; query: ConversationExportQuery } | { ok: false; error: string } {
  const network = NetworkSchema.safeParse(params.get('network'));
  const agent = params.get('agent') ?? '';
  const channelId = Number(params.get('channelId'));
  if (!agent || !network.success || !Number.isSafeInteger(channelId)) {
    return { ok: false, error: 'Name the conversation: agent, network and channelId.' };
  }
  const language = params.get('translations');
  const checkedLanguage = language === null ? null : LanguageTagSchema.safeParse(language);
  if (checkedLanguage && !checkedLanguage.success) {
    return { ok: false, error: `"${language}" is not a language tag such as "en" or "pt-BR".` };
  }
  return {
    ok: true,
    query: {
      agent,
      network: network.data,
      channelId,
      options: {
        summaries: params.get('summaries') === '1',
        taskLog: params.get('taskLog') === '1',
        translationLanguage: checkedLanguage?.data ?? null,
      },
      print: params.get('print') === '1',
    },
  };
}
