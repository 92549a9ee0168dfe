import { describe, expect, it } from 'vitest';
import { resolveModel } from '../../../src/main/llm/model-routing';
import { LlmError } from '../../../src/main/llm/provider';

const context = { defaultAgentLlm: 'gemini', env: {} };

function routingFailure(name: string, overrides: Partial<typeof context> = {}): LlmError {
  try {
    resolveModel(name, { ...context, ...overrides });
  } catch (error) {
    expect(error).toBeInstanceOf(LlmError);
    return error as LlmError;
  }
  throw new Error(`"${name}" resolved, but should have failed`);
}

describe('resolveModel', () => {
  it.each([
    ['gemini', 'gemini', 'gemini-3-flash-preview'],
    ['grok', 'xai', 'grok-4-fast-non-reasoning'],
    ['gpt', 'openai', 'gpt-5-mini'],
    ['openai', 'openai', 'gpt-5-mini'],
    ['Gemini', 'gemini', 'gemini-3-flash-preview'],
  ])('maps the bare name %s to %s %s', (name, provider, model) => {
    expect(resolveModel(name, context)).toEqual({ provider, model });
  });

  it('lets GEMINI_MODEL, GROK_MODEL and OPENROUTER_MODEL choose what the bare names mean', () => {
    const env = { GEMINI_MODEL: 'gemini-2.5-pro', GROK_MODEL: 'grok-4', OPENROUTER_MODEL: 'meta/llama-4' };
    expect(resolveModel('gemini', { ...context, env })).toEqual({
      provider: 'gemini',
      model: 'gemini-2.5-pro',
    });
    expect(resolveModel('grok', { ...context, env })).toEqual({ provider: 'xai', model: 'grok-4' });
    expect(resolveModel('openrouter', { ...context, env })).toEqual({
      provider: 'openrouter',
      model: 'meta/llama-4',
    });
  });

  it('ignores a blank GEMINI_MODEL', () => {
    expect(resolveModel('gemini', { ...context, env: { GEMINI_MODEL: '  ' } }).model).toBe(
      'gemini-3-flash-preview',
    );
  });

  it('refuses a bare openrouter without OPENROUTER_MODEL, saying what to set', () => {
    const error = routingFailure('openrouter');
    expect(error).toMatchObject({ kind: 'bad_request', retryable: false });
    expect(error.message).toContain('OPENROUTER_MODEL');
  });

  it.each([
    ['gemini-2.5-flash', 'gemini'],
    ['grok-4-1-fast-reasoning', 'xai'],
    ['gpt-5', 'openai'],
    ['openai-gpt-oss', 'openai'],
    ['o1-mini', 'openai'],
    ['o3', 'openai'],
    ['o4-mini', 'openai'],
    ['anthropic/claude-sonnet-4.5', 'openrouter'],
    ['google/gemini-2.5-flash', 'openrouter'],
    ['openrouter/auto', 'openrouter'],
  ])('routes %s to %s by its name, keeping the name', (model, provider) => {
    expect(resolveModel(model, context)).toEqual({ provider, model });
  });

  it.each([
    ['gemini:my-tuned-model', 'gemini', 'my-tuned-model'],
    ['openai:llama-3-local', 'openai', 'llama-3-local'],
    ['xai:grok-beta', 'xai', 'grok-beta'],
    ['openrouter:gpt-5', 'openrouter', 'gpt-5'],
    ['ollama:llama3.2:3b', 'ollama', 'llama3.2:3b'],
    ['OLLAMA: qwen3 ', 'ollama', 'qwen3'],
  ])('lets the explicit prefix in %s win', (name, provider, model) => {
    expect(resolveModel(name, context)).toEqual({ provider, model });
  });

  it('refuses a prefix without a model', () => {
    expect(routingFailure('ollama:').message).toContain('ollama:MODEL');
  });

  it('refuses a name no provider claims, suggesting the prefixes', () => {
    const error = routingFailure('llama3.2');
    expect(error).toMatchObject({ kind: 'bad_request', retryable: false });
    expect(error.message).toContain('ollama:llama3.2');
  });

  it('resolves an empty name, blanks and "default" through the default agent LLM', () => {
    const withDefault = { ...context, defaultAgentLlm: 'grok' };
    for (const name of ['', '   ', 'default', 'DEFAULT']) {
      expect(resolveModel(name, withDefault)).toEqual({
        provider: 'xai',
        model: 'grok-4-fast-non-reasoning',
      });
    }
    expect(resolveModel('', { ...context, defaultAgentLlm: 'ollama:qwen3' })).toEqual({
      provider: 'ollama',
      model: 'qwen3',
    });
  });

  it('fails clearly, without recursing, when the default agent LLM is empty or is "default"', () => {
    for (const defaultAgentLlm of ['', '  ', 'default']) {
      const error = routingFailure('', { defaultAgentLlm });
      expect(error.message).toContain('default agent LLM is not set');
    }
  });
});
