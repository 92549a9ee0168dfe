import {
  type Content,
  type GenerateContentConfig,
  type GenerateContentParameters,
  GoogleGenAI,
  HarmBlockThreshold,
  HarmCategory,
} from '@google/genai';
import { z } from 'zod';
import type { Logger } from '../logging';
import { DEFAULT_LLM_TIMEOUT_MS } from './deadline';
import {
  LlmError,
  type LlmProvider,
  type LlmReply,
  type LlmTurn,
  type StructuredQuery,
  type TextQuery,
} from './provider';
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

/**
 * Personas role-play flirting and teasing, which Gemini's default filters block; the other
 * categories keep their defaults.
 */
const SAFETY_SETTINGS = [
  { category: HarmCategory.HARM_CATEGORY_HARASSMENT, threshold: HarmBlockThreshold.OFF },
  { category: HarmCategory.HARM_CATEGORY_SEXUALLY_EXPLICIT, threshold: HarmBlockThreshold.OFF },
];

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
): GenerateContentParameters {
  const config: GenerateContentConfig = {
    systemInstruction: query.systemPrompt,
    safetySettings: SAFETY_SETTINGS,
    abortSignal,
  };
  if ('responseSchema' in query) {
    config.responseMimeType = 'application/json';
    // responseJsonSchema takes standard JSON Schema; responseSchema would need Gemini's OpenAPI subset.
    config.responseJsonSchema = query.responseSchema;
  }
  return { model: query.model, contents: toGeminiContents(query.turns), config };
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

/** Gemini through @google/genai, with no SDK retries: the engine's task retries decide. */
export function createGeminiProvider(options: GeminiProviderOptions): LlmProvider {
  const { apiKey, baseUrl } = options;
  const logger = options.logger.child({ module: 'llm', provider: 'gemini' });
  const defaultTimeoutMs = options.defaultTimeoutMs ?? DEFAULT_LLM_TIMEOUT_MS;
  // vertexai: false, so GOOGLE_GENAI_USE_VERTEXAI in the environment cannot reroute the calls.
  const client = new GoogleGenAI({ apiKey, vertexai: false, httpOptions: { baseUrl } });

  const query = (request: TextQuery | StructuredQuery): Promise<LlmReply> =>
    timedLlmCall(
      {
        providerLabel: LABEL,
        secrets: [apiKey],
        model: request.model,
        timeoutMs: request.timeoutMs ?? defaultTimeoutMs,
        signal: request.signal,
        logger,
      },
      async (signal) => {
        const response = await client.models.generateContent(buildGeminiRequest(request, signal));
        return readGeminiReply(response, request.model);
      },
    );

  return { id: 'gemini', queryStructured: query, queryText: query };
}
