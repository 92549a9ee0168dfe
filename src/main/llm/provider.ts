import type { LlmProviderId } from '../../shared/domain/settings';

/**
 * The port the engine thinks through. Implementations: Gemini (@google/genai) and
 * OpenAI-compatible APIs (openai: OpenAI, xAI, OpenRouter, Ollama, any base URL).
 */
export interface LlmProvider {
  readonly id: LlmProviderId;
  /** Asks for a reply that matches `responseSchema` (a JSON Schema of the task array). */
  queryStructured(query: StructuredQuery): Promise<LlmReply>;
  /** A plain text reply, no schema (summaries, translations). */
  queryText(query: TextQuery): Promise<LlmReply>;
  /** What this provider can be shown for a model; null-safe for unknown models. */
  mediaSupport(model: string): MediaSupport;
  /**
   * Describes media: the instructions as the system prompt, the items (one, or several frames of
   * one animation in order) and an optional note as the user turn. Media the provider cannot be
   * shown fail as a permanent `bad_request` before any request; an empty description is a
   * permanent `malformed`.
   */
  describeMedia(query: MediaQuery): Promise<LlmReply>;
}

/** The MIME types a provider accepts for each kind of media; an empty list means none. */
export interface MediaSupport {
  image: readonly string[];
  video: readonly string[];
  audio: readonly string[];
}

export interface MediaItem {
  /** e.g. image/png; parameters (`; codecs=opus`) are ignored. */
  mimeType: string;
  data: Uint8Array;
}

export interface MediaQuery {
  model: string;
  instructions: string;
  /** One file, or several frames of one animation in order. */
  items: readonly MediaItem[];
  /** Sent after the items, e.g. what the sender wrote with the file or a sticker's emoji. */
  note?: string;
  /** Aborts the request; the default timeout applies when absent. */
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** One turn of the conversation as the model sees it: the agent's own turns, and everyone else's. */
export interface LlmTurn {
  role: 'user' | 'agent';
  /** Rendered text parts (metadata header, reactions line, content), in order. */
  parts: string[];
}

export interface TextQuery {
  model: string;
  systemPrompt: string;
  turns: LlmTurn[];
  /** Aborts the request; the default timeout applies when absent. */
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface StructuredQuery extends TextQuery {
  /** JSON Schema whose top level is an array of task objects. */
  responseSchema: Record<string, unknown>;
}

export interface LlmUsage {
  /** Every prompt token, the cached ones included. */
  inputTokens: number;
  /** Answer tokens, thinking excluded. */
  outputTokens: number;
  /** Input tokens served from the provider's prompt cache (a part of `inputTokens`). */
  cachedTokens: number;
  /** Reasoning tokens billed as output, when the provider reports them. */
  thinkingTokens: number;
  /** What the provider says the call cost in USD, when it says so (xAI, OpenRouter). */
  reportedCostUsd?: number;
}

export interface LlmReply {
  /**
   * The raw text. For structured queries, the JSON array: unwrapped when the provider wraps it, and
   * without the `null` properties strict mode forced in place of absent optional ones.
   */
  text: string;
  /** The model that answered (as the provider names it). */
  model: string;
  usage: LlmUsage;
  latencyMs: number;
}

export const LLM_ERROR_KINDS = [
  'rate_limit',
  'server',
  'timeout',
  'network',
  'blocked',
  'auth',
  'bad_request',
  'not_found',
  'malformed',
  'unknown',
] as const;
export type LlmErrorKind = (typeof LLM_ERROR_KINDS)[number];

/** A failed LLM call, classified so the engine knows whether to retry. */
export class LlmError extends Error {
  readonly kind: LlmErrorKind;
  readonly retryable: boolean;
  readonly status: number | null;

  constructor(
    kind: LlmErrorKind,
    message: string,
    options: { retryable: boolean; status?: number | null; cause?: unknown },
  ) {
    super(message, { cause: options.cause });
    this.name = 'LlmError';
    this.kind = kind;
    this.retryable = options.retryable;
    this.status = options.status ?? null;
  }
}
