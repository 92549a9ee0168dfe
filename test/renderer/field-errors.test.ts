import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../src/renderer/api/errors';
import type { ProcedureInput, ProcedureName } from '../../src/shared/api';
import { FakeRuntime } from './support/fake-runtime';

/** The field messages of the refusal the API's own validation gives `input`. */
async function refusal<P extends ProcedureName>(method: P, input: unknown): Promise<Record<string, string>> {
  const caught = await new FakeRuntime().client
    .call(method, input as ProcedureInput<P>)
    .catch((error: unknown) => error);
  return fieldErrors(caught);
}

describe('field messages of a refused input', () => {
  it('say the bounds of a number as a person would', async () => {
    const errors = await refusal('settings.update', {
      engine: { typingSpeed: -5, maxRetries: 99_999_999, defaultAgentLlm: ' ' },
    });
    expect(errors['engine.typingSpeed']).toBe('Enter a number of at least 1.');
    expect(errors['engine.maxRetries']).toBe('Enter a number of at most 100.');
    // Those the API words itself stay as they are.
    expect(errors['engine.defaultAgentLlm']).toBe('Name a model or a provider, e.g. gemini.');
  });

  it('say what kind of value a field takes, and that a required one is missing', async () => {
    expect(
      (await refusal('settings.update', { engine: { llmConcurrency: 'four' } }))['engine.llmConcurrency'],
    ).toBe('Enter a number.');
    expect((await refusal('media.list', { filter: 'all' })).location).toBe('Fill this in.');
  });

  it('say how long a text may be', async () => {
    const errors = await refusal('media.list', { location: null, search: 'x'.repeat(201) });
    expect(errors.search).toBe('Use at most 200 characters.');
  });

  it('refuse a model name no provider takes, wherever one is written, saying what to write', async () => {
    const engine = await refusal('settings.update', { engine: { defaultAgentLlm: 'bogus:model' } });
    expect(engine['engine.defaultAgentLlm']).toMatch(
      /^"bogus" is not a provider: start the name with gemini:/,
    );
    const media = await refusal('settings.update', { media: { model: 'nonsense' } });
    expect(media['media.model']).toMatch(/^No provider is known for the model "nonsense"/);
    const chat = await refusal('conversations.updateParameters', {
      agent: 'Juniper',
      network: 'simulator',
      channelId: 1,
      llmOverride: 'no-such-provider:xyz',
    });
    expect(chat.llmOverride).toMatch(/^"no-such-provider" is not a provider/);
  });

  it('refuse a price far past any model’s, and cached input dearer than input', async () => {
    const price = { modelId: 'qa-model', provider: 'gemini', displayName: 'QA', cachedInputUsdPerMtok: null };
    const absurd = await refusal('prices.put', {
      ...price,
      inputUsdPerMtok: 999_999_999,
      outputUsdPerMtok: 1,
    });
    expect(absurd.inputUsdPerMtok).toBe('Enter a price of at most $10,000 per million tokens.');
    const dearer = await refusal('prices.put', {
      ...price,
      inputUsdPerMtok: 1,
      outputUsdPerMtok: 2,
      cachedInputUsdPerMtok: 50,
    });
    expect(dearer.cachedInputUsdPerMtok).toBe('Cached input is a discount: it cannot cost more than input.');
  });
});
