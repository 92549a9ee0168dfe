import type OpenAI from 'openai';
import type {
  ChatCompletionContentPart,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import { z } from 'zod';
import { LLM_PROVIDER_LABELS, type LlmProviderId } from '../../shared/domain/settings';
import type { Logger } from '../logging';
import { DEFAULT_LLM_TIMEOUT_MS } from './deadline';
import { base64Of, requireDescription, supportedItems } from './media-query';
import {
  LlmError,
  type LlmProvider,
  type LlmReply,
  type LlmTurn,
  type LlmUsage,
  type MediaQuery,
  type MediaSupport,
  type StructuredQuery,
  type TextQuery,
} from './provider';
import { providerFetch } from './provider-fetch';
import { unwrapTaskListReply, wrapTaskListSchema } from './task-list-wrapping';
import { timedLlmCall } from './timed-llm-call';
import { turnsEndingOnUser } from './turns';

export type OpenAiCompatibleProviderId = Exclude<LlmProviderId, 'gemini'>;

export interface OpenAiCompatibleProviderOptions {
  id: OpenAiCompatibleProviderId;
  apiKey: string;
  /** Ends in /v1, e.g. https://api.openai.com/v1, or a local fake's address. */
  baseUrl: string;
  logger: Logger;
  defaultTimeoutMs?: number;
}

/** The name the response format carries; APIs allow letters, digits, `_` and `-`. */
const RESPONSE_FORMAT_NAME = 'task_list';

/** xAI reports cost in ticks of 1e-10 USD. */
const USD_PER_XAI_TICK = 1e-10;

/**
 * Chat completions take images only (as data: URLs); video and audio have no common form across
 * these APIs. Whether a given model can see images is the API's to say: it answers a 4xx if not.
 */
const OPENAI_COMPATIBLE_MEDIA_SUPPORT: MediaSupport = {
  image: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
  video: [],
  audio: [],
};

/** System prompt first, then the turns: the agent's as `assistant`, a turn's parts one per line. */
export function toChatMessages(
  systemPrompt: string,
  turns: readonly LlmTurn[],
): ChatCompletionMessageParam[] {
  return [
    { role: 'system', content: systemPrompt },
    ...turnsEndingOnUser(turns).map(
      (turn): ChatCompletionMessageParam => ({
        role: turn.role === 'agent' ? 'assistant' : 'user',
        content: turn.parts.join('\n'),
      }),
    ),
  ];
}

/**
 * The chat-completions body for a query. A structured one asks for strict JSON-schema output;
 * strict mode needs an object at the top, so the task array is wrapped as `{ "tasks": [...] }`
 * (for every provider, so one rule holds everywhere) and unwrapped again from the reply.
 */
export function buildChatRequest(query: TextQuery | StructuredQuery): ChatCompletionCreateParamsNonStreaming {
  const request: ChatCompletionCreateParamsNonStreaming = {
    model: query.model,
    messages: toChatMessages(query.systemPrompt, query.turns),
  };
  if ('responseSchema' in query) {
    request.response_format = {
      type: 'json_schema',
      json_schema: {
        name: RESPONSE_FORMAT_NAME,
        strict: true,
        schema: wrapTaskListSchema(query.responseSchema),
      },
    };
  }
  return request;
}

/**
 * The chat-completions body that describes images: the instructions as the system message, one
 * user message of `image_url` parts followed by the note. Throws a permanent `bad_request` for
 * anything but a supported image.
 */
export function buildChatMediaRequest(
  query: MediaQuery,
  providerLabel: string,
): ChatCompletionCreateParamsNonStreaming {
  const content: ChatCompletionContentPart[] = supportedItems(
    query,
    OPENAI_COMPATIBLE_MEDIA_SUPPORT,
    providerLabel,
  ).map(({ mimeType, data }) => ({
    type: 'image_url',
    image_url: { url: `data:${mimeType};base64,${base64Of(data)}` },
  }));
  if (query.note?.trim()) content.push({ type: 'text', text: query.note });
  return {
    model: query.model,
    messages: [
      { role: 'system', content: query.instructions },
      { role: 'user', content },
    ],
  };
}

/** The parts of a chat completion the provider reads, tolerant of what compatible APIs omit. */
const ChatCompletionSchema = z.object({
  model: z.string().optional(),
  choices: z.array(
    z.object({
      message: z.object({
        content: z.string().nullish(),
        refusal: z.string().nullish(),
      }),
      finish_reason: z.string().nullish(),
    }),
  ),
  usage: z
    .object({
      prompt_tokens: z.number().nullish(),
      completion_tokens: z.number().nullish(),
      prompt_tokens_details: z.object({ cached_tokens: z.number().nullish() }).nullish(),
      completion_tokens_details: z.object({ reasoning_tokens: z.number().nullish() }).nullish(),
      /** OpenRouter: USD. */
      cost: z.number().nullish(),
      /** xAI: ticks of 1e-10 USD. */
      cost_in_usd_ticks: z.number().nullish(),
    })
    .nullish(),
});

/**
 * Text, model and usage from a chat completion. An empty body is `malformed`; a refusal or a
 * content filter is `blocked`; both retryable. For structured queries the text is the unwrapped
 * task array.
 */
export function readChatReply(
  response: unknown,
  query: Pick<StructuredQuery, 'model'> & Partial<Pick<StructuredQuery, 'responseSchema'>>,
  providerLabel: string,
): Omit<LlmReply, 'latencyMs'> {
  if (response === undefined || response === null || response === '') {
    throw new LlmError('malformed', `${providerLabel} sent an empty answer.`, { retryable: true });
  }
  const parsed = ChatCompletionSchema.safeParse(response);
  if (!parsed.success) {
    throw new LlmError('malformed', `${providerLabel} sent an answer that is not a chat completion.`, {
      retryable: true,
    });
  }
  const choice = parsed.data.choices[0];
  if (choice === undefined) {
    throw new LlmError('malformed', `${providerLabel} answered without a choice.`, { retryable: true });
  }
  const content = choice.message.content ?? '';
  if (content === '' && choice.message.refusal) {
    throw new LlmError('blocked', `${providerLabel} refused: ${choice.message.refusal}`, { retryable: true });
  }
  if (content === '' && choice.finish_reason === 'content_filter') {
    throw new LlmError('blocked', `${providerLabel} withheld the answer (content filter).`, {
      retryable: true,
    });
  }
  return {
    text: 'responseSchema' in query ? unwrapTaskListReply(content) : content,
    model: parsed.data.model ?? query.model,
    usage: chatUsage(parsed.data.usage),
  };
}

function chatUsage(usage: z.infer<typeof ChatCompletionSchema>['usage']): LlmUsage {
  const thinkingTokens = usage?.completion_tokens_details?.reasoning_tokens ?? 0;
  const result: LlmUsage = {
    inputTokens: usage?.prompt_tokens ?? 0,
    // completion_tokens counts the reasoning tokens too; LlmUsage keeps them apart.
    outputTokens: Math.max(0, (usage?.completion_tokens ?? 0) - thinkingTokens),
    cachedTokens: usage?.prompt_tokens_details?.cached_tokens ?? 0,
    thinkingTokens,
  };
  if (typeof usage?.cost === 'number') result.reportedCostUsd = usage.cost;
  else if (typeof usage?.cost_in_usd_ticks === 'number') {
    result.reportedCostUsd = usage.cost_in_usd_ticks * USD_PER_XAI_TICK;
  }
  return result;
}

/**
 * The openai SDK's client, the SDK loaded when the provider first calls its API: a runtime whose
 * models are all elsewhere never holds it. No SDK retries: the engine's task retries decide.
 */
async function openAiClient(apiKey: string, baseUrl: string, timeoutMs: number): Promise<OpenAI> {
  const { default: OpenAI } = await import('openai');
  return new OpenAI({
    apiKey,
    baseURL: baseUrl,
    maxRetries: 0,
    timeout: timeoutMs,
    fetch: providerFetch,
    // Explicit nulls, so OPENAI_ORG_ID and OPENAI_PROJECT_ID meant for OpenAI never reach xAI or a local server.
    organization: null,
    project: null,
    // The SDK would log to the console; failures reach our logger as classified errors.
    logLevel: 'off',
  });
}

/** OpenAI, xAI, OpenRouter, Ollama or any OpenAI-compatible endpoint through the openai SDK. */
export function createOpenAiCompatibleProvider(options: OpenAiCompatibleProviderOptions): LlmProvider {
  const { id, apiKey, baseUrl } = options;
  const label = LLM_PROVIDER_LABELS[id];
  const logger = options.logger.child({ module: 'llm', provider: id });
  const defaultTimeoutMs = options.defaultTimeoutMs ?? DEFAULT_LLM_TIMEOUT_MS;
  let client: Promise<OpenAI> | undefined;

  const complete = async (
    request: TextQuery | MediaQuery,
    build: () => ChatCompletionCreateParamsNonStreaming,
    read: (response: unknown) => Omit<LlmReply, 'latencyMs'>,
  ): Promise<LlmReply> => {
    // Loaded before the call's clock starts, so the load counts against no model's deadline.
    client ??= openAiClient(apiKey, baseUrl, defaultTimeoutMs);
    const api = await client;
    const timeoutMs = request.timeoutMs ?? defaultTimeoutMs;
    return timedLlmCall(
      {
        providerLabel: label,
        secrets: [apiKey],
        model: request.model,
        timeoutMs,
        signal: request.signal,
        logger,
      },
      async (signal) => read(await api.chat.completions.create(build(), { signal, timeout: timeoutMs })),
    );
  };

  const query = (request: TextQuery | StructuredQuery): Promise<LlmReply> =>
    complete(
      request,
      () => buildChatRequest(request),
      (response) => readChatReply(response, request, label),
    );

  return {
    id,
    queryStructured: query,
    queryText: query,
    mediaSupport: () => OPENAI_COMPATIBLE_MEDIA_SUPPORT,
    describeMedia: (request) =>
      complete(
        request,
        () => buildChatMediaRequest(request, label),
        (response) => requireDescription(readChatReply(response, request, label), label),
      ),
  };
}
