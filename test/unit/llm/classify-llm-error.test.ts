import { describe, expect, it } from 'vitest';
import { classifyLlmError, llmErrorForStatus, redactSecrets } from '../../../src/main/llm/classify-llm-error';
import { LlmError } from '../../../src/main/llm/provider';

const context = { providerLabel: 'Gemini', secrets: ['secret-key-1'] };

/** An SDK-style HTTP error: both SDKs carry the status on the error. */
function httpError(status: number, message: string): Error {
  return Object.assign(new Error(message), { status });
}

describe('llmErrorForStatus', () => {
  it.each([
    [429, 'rate_limit', true],
    [500, 'server', true],
    [502, 'server', true],
    [503, 'server', true],
    [504, 'server', true],
    [529, 'server', true],
    [408, 'timeout', true],
    [400, 'bad_request', false],
    [422, 'bad_request', false],
    [401, 'auth', false],
    [403, 'auth', false],
    [404, 'not_found', false],
    [501, 'server', false],
  ] as const)('classifies HTTP %i as %s (retryable: %s)', (status, kind, retryable) => {
    expect(llmErrorForStatus(status, 'details', context)).toMatchObject({ kind, retryable, status });
  });

  it('reads a 400 about an invalid API key as an auth failure', () => {
    expect(llmErrorForStatus(400, 'API key not valid. Please pass a valid API key.', context).kind).toBe(
      'auth',
    );
  });

  it('tells the operator where to fix a refused key', () => {
    expect(llmErrorForStatus(401, '', context).message).toBe(
      'Gemini refused the API key (HTTP 401). Check the key in Settings (or its environment variable, which takes precedence).',
    );
  });
});

describe('classifyLlmError', () => {
  it('passes an LlmError through unchanged', () => {
    const original = new LlmError('blocked', 'filtered', { retryable: true });
    expect(classifyLlmError(original, context)).toBe(original);
  });

  it('classifies SDK errors by their HTTP status and keeps only the provider sentence', () => {
    const error = classifyLlmError(
      httpError(429, JSON.stringify({ error: { code: 429, message: 'Resource has been exhausted.' } })),
      context,
    );
    expect(error).toMatchObject({ kind: 'rate_limit', retryable: true, status: 429 });
    expect(error.message).toBe('Gemini is rate limiting (HTTP 429): Resource has been exhausted.');
  });

  it('makes aborts and timeouts retryable timeouts', () => {
    const abort = new DOMException('This operation was aborted', 'AbortError');
    const timeout = new DOMException('The operation timed out', 'TimeoutError');
    expect(classifyLlmError(abort, context)).toMatchObject({ kind: 'timeout', retryable: true });
    expect(classifyLlmError(timeout, context)).toMatchObject({ kind: 'timeout', retryable: true });
  });

  it('makes socket failures along the cause chain retryable network errors', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    const error = classifyLlmError(new TypeError('fetch failed', { cause: refused }), context);
    expect(error).toMatchObject({ kind: 'network', retryable: true });
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('makes a body that is not JSON a retryable malformed error', () => {
    let syntaxError: unknown;
    try {
      JSON.parse('<html>');
    } catch (error) {
      syntaxError = error;
    }
    expect(classifyLlmError(syntaxError, context)).toMatchObject({ kind: 'malformed', retryable: true });
  });

  it.each([
    ['The model is overloaded.', 'server'],
    ['Please try again later', 'server'],
    ['Rate limit reached for requests', 'rate_limit'],
    ['You exceeded your current quota', 'rate_limit'],
    ['Request timeout', 'timeout'],
    ['Request timed out.', 'timeout'],
    ['Request was aborted.', 'timeout'],
    ['Connection error.', 'network'],
    ['A temporary failure', 'server'],
  ])('falls back to the wording for an error without status: "%s" is a retryable %s', (message, kind) => {
    expect(classifyLlmError(new Error(message), context)).toMatchObject({ kind, retryable: true });
  });

  it('makes anything else a permanent unknown error', () => {
    expect(classifyLlmError(new Error('something odd'), context)).toMatchObject({
      kind: 'unknown',
      retryable: false,
    });
    expect(classifyLlmError('a string', context)).toMatchObject({ kind: 'unknown', retryable: false });
  });

  it('never lets the key into the message', () => {
    const fromStatus = classifyLlmError(httpError(401, 'bad key secret-key-1'), context);
    const fromText = classifyLlmError(new Error('weird secret-key-1 failure'), context);
    for (const error of [fromStatus, fromText]) {
      expect(error.message).not.toContain('secret-key-1');
      expect(error.message).toContain('[redacted]');
    }
  });
});

describe('redactSecrets', () => {
  it('replaces every occurrence and ignores empty secrets', () => {
    expect(redactSecrets('k1 and k1 but not k2', ['k1', ''])).toBe('[redacted] and [redacted] but not k2');
  });
});
