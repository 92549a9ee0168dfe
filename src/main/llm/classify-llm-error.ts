import { LlmError, type LlmErrorKind } from './provider';

/** What the classifier needs to word an error and keep the key out of it. */
export interface LlmErrorContext {
  /** The provider as operators know it, e.g. "Gemini" or "OpenRouter". */
  providerLabel: string;
  /** Values that must never appear in a message (the API key). */
  secrets: readonly string[];
}

/** How much of a provider's error text a message keeps: enough to act on, not a whole HTML page. */
const MAX_DETAIL_CHARS = 300;

/** Socket-level failure codes of Node and undici: the request never got an HTTP answer. */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CLOSED',
]);

/**
 * Phrases of transient trouble, for errors that carry no status (proxies, SDK wrappers). The
 * first match decides the kind; anything else is permanent.
 */
const RETRYABLE_PHRASES: readonly { phrase: string; kind: LlmErrorKind }[] = [
  { phrase: 'rate limit', kind: 'rate_limit' },
  { phrase: 'quota', kind: 'rate_limit' },
  { phrase: 'overloaded', kind: 'server' },
  { phrase: 'try again later', kind: 'server' },
  { phrase: 'temporar', kind: 'server' },
  { phrase: 'timeout', kind: 'timeout' },
  { phrase: 'timed out', kind: 'timeout' },
  { phrase: 'aborted', kind: 'timeout' },
  { phrase: 'connection', kind: 'network' },
];

/** Gemini answers an unknown or revoked key with 400 INVALID_ARGUMENT, not 401. */
const INVALID_KEY_PHRASES = ['api_key_invalid', 'api key not valid', 'api key expired'];

/** Replaces every secret in `text`, so no message, log line or UI shows a key. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let redacted = text;
  for (const secret of secrets) {
    if (secret.length > 0) redacted = redacted.split(secret).join('[redacted]');
  }
  return redacted;
}

/** The error for an HTTP failure status, as reference section 2.6 classifies them. */
export function llmErrorForStatus(status: number, detail: string, context: LlmErrorContext): LlmError {
  const label = context.providerLabel;
  // The openai SDK starts its messages with the status, which the sentence below already gives.
  const text = detail.replace(new RegExp(`^${status}\\s+`), '');
  const said = text === '' ? '' : `: ${clip(redactSecrets(text, context.secrets))}`;
  const permanent = (kind: LlmErrorKind, message: string) =>
    new LlmError(kind, message, { retryable: false, status });
  const retryable = (kind: LlmErrorKind, message: string) =>
    new LlmError(kind, message, { retryable: true, status });

  if (status === 401 || status === 403 || (status === 400 && mentionsInvalidKey(detail))) {
    return permanent(
      'auth',
      `${label} refused the API key (HTTP ${status})${said}. Check the key in Settings (or its environment variable, which takes precedence).`,
    );
  }
  if (status === 429) return retryable('rate_limit', `${label} is rate limiting (HTTP 429)${said}`);
  if (status === 408) return retryable('timeout', `${label} timed out the request (HTTP 408)${said}`);
  if (status === 404) {
    return permanent('not_found', `${label} does not know this model or endpoint (HTTP 404)${said}`);
  }
  if (status === 501) return permanent('server', `${label} does not support this request (HTTP 501)${said}`);
  if (status >= 500) return retryable('server', `${label} had a server error (HTTP ${status})${said}`);
  return permanent('bad_request', `${label} rejected the request (HTTP ${status})${said}`);
}

/**
 * Turns anything a provider call threw into an `LlmError`: LlmErrors pass through, HTTP failures go
 * by status, aborts are timeouts, socket failures are network errors, a body that is not JSON is
 * malformed, and the rest fall back to the wording of the message.
 */
export function classifyLlmError(error: unknown, context: LlmErrorContext): LlmError {
  if (error instanceof LlmError) return error;
  const label = context.providerLabel;
  const message = redactSecrets(messageOf(error), context.secrets);

  const status = httpStatusOf(error);
  if (status !== null) return llmErrorForStatus(status, providerDetail(message), context);

  if (isAbort(error)) {
    return new LlmError('timeout', `${label} did not answer in time (${clip(message)})`, { retryable: true });
  }
  if (error instanceof SyntaxError) {
    return new LlmError('malformed', `${label} sent a reply that is not JSON (${clip(message)})`, {
      retryable: true,
    });
  }
  const code = connectionErrorCode(error);
  if (code !== null) {
    return new LlmError('network', `Cannot reach ${label} (${code}): ${clip(message)}`, { retryable: true });
  }

  const lower = message.toLowerCase();
  const match = RETRYABLE_PHRASES.find((candidate) => lower.includes(candidate.phrase));
  if (match) return new LlmError(match.kind, `${label}: ${clip(message)}`, { retryable: true });
  return new LlmError('unknown', `${label}: ${clip(message)}`, { retryable: false });
}

function mentionsInvalidKey(detail: string): boolean {
  const lower = detail.toLowerCase();
  return INVALID_KEY_PHRASES.some((phrase) => lower.includes(phrase));
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : String(error);
}

/** Both SDKs put the HTTP status on their error as `status`; connection errors leave it unset. */
function httpStatusOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('status' in error)) return null;
  const { status } = error;
  return typeof status === 'number' && status >= 400 && status <= 599 ? status : null;
}

/**
 * Gemini's SDK puts the whole error body in the message (`{"error":{"message":...}}`); the
 * operator needs only the provider's sentence.
 */
function providerDetail(message: string): string {
  try {
    const body: unknown = JSON.parse(message);
    if (typeof body === 'object' && body !== null && 'error' in body) {
      const inner = body.error;
      if (typeof inner === 'object' && inner !== null && 'message' in inner) {
        return typeof inner.message === 'string' ? inner.message : message;
      }
    }
  } catch {
    // Not JSON: the message is already the provider's text.
  }
  return message;
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

/** The first socket error code along the `cause` chain (fetch wraps them in "fetch failed"). */
function connectionErrorCode(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    if ('code' in current && typeof current.code === 'string' && CONNECTION_ERROR_CODES.has(current.code)) {
      return current.code;
    }
    current = 'cause' in current ? current.cause : null;
  }
  return null;
}

function clip(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length <= MAX_DETAIL_CHARS ? oneLine : `${oneLine.slice(0, MAX_DETAIL_CHARS)}…`;
}
