import type {
  Content,
  GenerateContentConfig,
  GenerateContentParameters,
  GoogleGenAI,
  Part,
  SafetySetting,
} from '@google/genai';
import { z } from 'zod';
import type { Logger } from '../logging';
import { DEFAULT_LLM_TIMEOUT_MS } from './deadline';
import { base64Of, requireDescription, supportedItems } from './media-query';
import {
  LlmError,
  type LlmProvider,
  type LlmReply,
  type LlmTurn,
  type MediaQuery,
  type MediaSupport,
  type StructuredQuery,
  type TextQuery,
} from './provider';
import { providerFetch } from './provider-fetch';
import { timedLlmCall } from './timed-llm-call';
import { turnsEndingOnUser } from './turns';

export interface GeminiProviderOptions {
  apiKey: string;
  /** e.g. https://generativelanguage.googleapis.com, or a local fake's address. */
  baseUrl: string;
  logger: Logger;
  defaultTimeoutMs?: number;
}

const LABEL = 'Gemini';

type GenAi = typeof import('@google/genai');

/**
 * Personas role-play flirting and teasing, which Gemini's default filters block; the other
 * categories keep their defaults.
 */
function safetySettings({ HarmCategory, HarmBlockThreshold }: GenAi): SafetySetting[] {
  return [
    { category: HarmCategory.HARM_CATEGORY_HARASSMENT, threshold: HarmBlockThreshold.OFF },
    { category: HarmCategory.HARM_CATEGORY_SEXUALLY_EXPLICIT, threshold: HarmBlockThreshold.OFF },
  ];
}

/** The inline media Gemini takes (its documented image, video and audio formats). */
const GEMINI_MEDIA_SUPPORT: MediaSupport = {
  image: ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/heic', 'image/heif'],
  video: [
    'video/mp4',
    'video/mpeg',
    'video/mpg',
    'video/quicktime',
    'video/x-msvideo',
    'video/avi',
    'video/x-flv',
    'video/webm',
    'video/x-ms-wmv',
    'video/3gpp',
  ],
  audio: [
    'audio/ogg',
    'audio/mpeg',
    'audio/mp3',
    'audio/wav',
    'audio/mp4',
    'audio/m4a',
    'audio/webm',
    'audio/flac',
    'audio/aac',
  ],
};

/** Finish reasons that mean a filter withheld the answer, so asking again may pass. */
const BLOCKING_FINISH_REASONS = new Set(['SAFETY', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'RECITATION']);

/** Gemini speaks only of `user` and `model`; the agent's own turns are the model's. */
export function toGeminiContents(turns: readonly LlmTurn[]): Content[] {
  return turnsEndingOnUser(turns).map((turn) => ({
    role: turn.role === 'agent' ? 'model' : 'user',
    parts: turn.parts.map((text) => ({ text })),
  }));
}

/** The SDK request for a query; a structured one asks for JSON that matches the task schema. */
export function buildGeminiRequest(
  query: TextQuery | StructuredQuery,
  abortSignal: AbortSignal,
  safety: SafetySetting[],
): GenerateContentParameters {
  const config: GenerateContentConfig = {
    systemInstruction: query.systemPrompt,
    safetySettings: safety,
    abortSignal,
  };
  if ('responseSchema' in query) {
    config.responseMimeType = 'application/json';
    // responseJsonSchema takes standard JSON Schema; responseSchema would need Gemini's OpenAPI subset.
    config.responseJsonSchema = query.responseSchema;
  }
  return { model: query.model, contents: toGeminiContents(query.turns), config };
}

/**
 * The SDK request that describes media: the instructions as the system instruction, one user turn
 * of inline data parts (base64) followed by the note. Throws a permanent `bad_request` for media
 * Gemini cannot take.
 */
export function buildGeminiMediaRequest(
  query: MediaQuery,
  abortSignal: AbortSignal,
  safety: SafetySetting[],
): GenerateContentParameters {
  const parts: Part[] = supportedItems(query, GEMINI_MEDIA_SUPPORT, LABEL).map(({ mimeType, data }) => ({
    inlineData: { mimeType, data: base64Of(data) },
  }));
  if (query.note?.trim()) parts.push({ text: query.note });
  return {
    model: query.model,
    contents: [{ role: 'user', parts }],
    config: { systemInstruction: query.instructions, safetySettings: safety, abortSignal },
  };
}

/** The parts of a generateContent answer the provider reads; the rest passes through unread. */
const GeminiResponseSchema = z.object({
  candidates: z
    .array(
      z.object({
        content: z
          .object({
            parts: z
              .array(z.object({ text: z.string().optional(), thought: z.boolean().optional() }))
              .optional(),
          })
          .optional(),
        finishReason: z.string().optional(),
      }),
    )
    .optional(),
  promptFeedback: z
    .object({ blockReason: z.string().optional(), blockReasonMessage: z.string().optional() })
    .optional(),
  usageMetadata: z
    .object({
      promptTokenCount: z.number().optional(),
      candidatesTokenCount: z.number().optional(),
      cachedContentTokenCount: z.number().optional(),
      thoughtsTokenCount: z.number().optional(),
    })
    .optional(),
  modelVersion: z.string().optional(),
});

/**
 * Text, model and usage from a generateContent answer. A blocked prompt or a candidate withheld by
 * a filter is a retryable `blocked` error (the original retries them too); an answer with no
 * candidate and no reason is `malformed`.
 */
export function readGeminiReply(response: unknown, requestedModel: string): Omit<LlmReply, 'latencyMs'> {
  const parsed = GeminiResponseSchema.safeParse(response);
  if (!parsed.success) {
    throw new LlmError('malformed', `${LABEL} sent an answer of an unexpected shape.`, { retryable: true });
  }
  const { candidates, promptFeedback, usageMetadata, modelVersion } = parsed.data;
  const blockReason = promptFeedback?.blockReason;
  if (blockReason !== undefined && blockReason !== 'BLOCKED_REASON_UNSPECIFIED') {
    const why = promptFeedback?.blockReasonMessage ? `: ${promptFeedback.blockReasonMessage}` : '';
    throw new LlmError('blocked', `${LABEL} blocked the prompt (${blockReason})${why}`, { retryable: true });
  }
  const candidate = candidates?.[0];
  if (candidate === undefined) {
    throw new LlmError('malformed', `${LABEL} answered without a candidate.`, { retryable: true });
  }
  // Thought summaries are the model's reasoning, not its answer.
  const text = (candidate.content?.parts ?? [])
    .filter((part) => part.thought !== true)
    .map((part) => part.text ?? '')
    .join('');
  const finishReason = candidate.finishReason ?? '';
  if (text === '' && BLOCKING_FINISH_REASONS.has(finishReason)) {
    throw new LlmError('blocked', `${LABEL} withheld the answer (${finishReason}).`, { retryable: true });
  }
  return {
    text,
    model: modelVersion ?? requestedModel,
    usage: {
      inputTokens: usageMetadata?.promptTokenCount ?? 0,
      outputTokens: usageMetadata?.candidatesTokenCount ?? 0,
      cachedTokens: usageMetadata?.cachedContentTokenCount ?? 0,
      thinkingTokens: usageMetadata?.thoughtsTokenCount ?? 0,
    },
  };
}

/**
 * The SDK's client and the safety settings in its terms, the SDK loaded when Gemini is first
 * called: a runtime whose models are all elsewhere never holds it. No SDK retries: the engine's
 * task retries decide.
 */
async function geminiClient(
  apiKey: string,
  baseUrl: string,
): Promise<{ client: GoogleGenAI; safety: SafetySetting[] }> {
  const genai = await import('@google/genai');
  // vertexai: false, so GOOGLE_GENAI_USE_VERTEXAI in the environment cannot reroute the calls.
  const client = new genai.GoogleGenAI({
    apiKey,
    vertexai: false,
    httpOptions: { baseUrl, fetch: providerFetch },
  });
  return { client, safety: safetySettings(genai) };
}

/** Gemini through @google/genai. */
export function createGeminiProvider(options: GeminiProviderOptions): LlmProvider {
  const { apiKey, baseUrl } = options;
  const logger = options.logger.child({ module: 'llm', provider: 'gemini' });
  const defaultTimeoutMs = options.defaultTimeoutMs ?? DEFAULT_LLM_TIMEOUT_MS;
  let sdk: ReturnType<typeof geminiClient> | undefined;

  const generate = async (
    request: TextQuery | MediaQuery,
    build: (signal: AbortSignal, safety: SafetySetting[]) => GenerateContentParameters,
    read: typeof readGeminiReply = readGeminiReply,
  ): Promise<LlmReply> => {
    // Loaded before the call's clock starts, so the load counts against no model's deadline.
    sdk ??= geminiClient(apiKey, baseUrl);
    const { client, safety } = await sdk;
    return timedLlmCall(
      {
        providerLabel: LABEL,
        secrets: [apiKey],
        model: request.model,
        timeoutMs: request.timeoutMs ?? defaultTimeoutMs,
        signal: request.signal,
        logger,
      },
      async (signal) => read(await client.models.generateContent(build(signal, safety)), request.model),
    );
  };

  const query = (request: TextQuery | StructuredQuery): Promise<LlmReply> =>
    generate(request, (signal, safety) => buildGeminiRequest(request, signal, safety));

  return {
    id: 'gemini',
    queryStructured: query,
    queryText: query,
    mediaSupport: () => GEMINI_MEDIA_SUPPORT,
    describeMedia: (request) =>
      generate(
        request,
        (signal, safety) => buildGeminiMediaRequest(request, signal, safety),
        (response, model) => requireDescription(readGeminiReply(response, model), LABEL),
      ),
  };
}
