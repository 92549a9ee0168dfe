import { describe, expect, it } from 'vitest';
import { readGeminiReply } from '../../../src/main/llm/gemini-provider';
import { readChatReply } from '../../../src/main/llm/openai-compatible-provider';
import { LlmError } from '../../../src/main/llm/provider';

function thrown(read: () => unknown): LlmError {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(LlmError);
    return error as LlmError;
  }
  throw new Error('expected the reply to be rejected');
}

describe('readGeminiReply', () => {
  it('joins the answer parts, leaving out thought summaries', () => {
    const reply = readGeminiReply(
      {
        candidates: [
          {
            content: {
              parts: [{ text: 'thinking…', thought: true }, { text: '[{"kind":' }, { text: '"think"}]' }],
            },
            finishReason: 'STOP',
          },
        ],
        usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 4 },
      },
      'gemini-2.5-flash',
    );
    expect(reply).toEqual({
      text: '[{"kind":"think"}]',
      model: 'gemini-2.5-flash',
      usage: { inputTokens: 10, outputTokens: 4, cachedTokens: 0, thinkingTokens: 0 },
    });
  });

  it.each(['SAFETY', 'PROHIBITED_CONTENT', 'BLOCKLIST'])(
    'makes an empty candidate finished by %s blocked',
    (reason) => {
      const error = thrown(() =>
        readGeminiReply({ candidates: [{ content: { parts: [] }, finishReason: reason }] }, 'm'),
      );
      expect(error).toMatchObject({ kind: 'blocked', retryable: true });
    },
  );

  it('makes an answer without candidates and without a block reason malformed', () => {
    expect(thrown(() => readGeminiReply({ candidates: [] }, 'm'))).toMatchObject({ kind: 'malformed' });
    expect(thrown(() => readGeminiReply('text', 'm'))).toMatchObject({ kind: 'malformed' });
  });

  it('returns an empty text when the model said nothing for no filter reason', () => {
    expect(readGeminiReply({ candidates: [{ finishReason: 'STOP' }] }, 'm').text).toBe('');
  });
});

describe('readChatReply', () => {
  const structured = { model: 'm', systemPrompt: '', turns: [], responseSchema: { type: 'array' } };
  const text = { model: 'm', systemPrompt: '', turns: [] };
  const completion = (content: string | null, usage: Record<string, unknown> = {}) => ({
    model: 'answering-model',
    choices: [{ message: { content }, finish_reason: 'stop' }],
    usage,
  });

  it('unwraps structured replies but not text replies', () => {
    const wrapped = '{"tasks":[{"kind":"think","text":"x"}]}';
    expect(readChatReply(completion(wrapped), structured, 'OpenAI').text).toBe(
      '[{"kind":"think","text":"x"}]',
    );
    expect(readChatReply(completion(wrapped), text, 'OpenAI').text).toBe(wrapped);
  });

  it('counts reasoning tokens apart from the answer and keeps a reported cost', () => {
    const reply = readChatReply(
      completion('hi', {
        prompt_tokens: 100,
        completion_tokens: 50,
        prompt_tokens_details: { cached_tokens: 60 },
        completion_tokens_details: { reasoning_tokens: 20 },
        cost: 0.0042,
      }),
      text,
      'OpenRouter',
    );
    expect(reply.model).toBe('answering-model');
    expect(reply.usage).toEqual({
      inputTokens: 100,
      outputTokens: 30,
      cachedTokens: 60,
      thinkingTokens: 20,
      reportedCostUsd: 0.0042,
    });
  });

  it("converts xAI's cost ticks to USD", () => {
    const reply = readChatReply(completion('hi', { cost_in_usd_ticks: 25_000_000 }), text, 'xAI');
    expect(reply.usage.reportedCostUsd).toBeCloseTo(0.0025, 10);
  });

  it('tolerates a missing usage block', () => {
    expect(readChatReply({ choices: [{ message: { content: 'hi' } }] }, text, 'Ollama').usage).toEqual({
      inputTokens: 0,
      outputTokens: 0,
      cachedTokens: 0,
      thinkingTokens: 0,
    });
  });

  it('makes a content-filtered empty answer blocked and an answer without choices malformed', () => {
    expect(
      thrown(() =>
        readChatReply(
          { choices: [{ message: { content: null }, finish_reason: 'content_filter' }] },
          text,
          'OpenAI',
        ),
      ),
    ).toMatchObject({ kind: 'blocked', retryable: true });
    expect(thrown(() => readChatReply({ choices: [] }, text, 'OpenAI'))).toMatchObject({ kind: 'malformed' });
    expect(thrown(() => readChatReply('<html>oops</html>', text, 'OpenAI'))).toMatchObject({
      kind: 'malformed',
    });
  });
});
