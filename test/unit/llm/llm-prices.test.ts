import { describe, expect, it } from 'vitest';
import { LlmPriceRepository, openDatabase } from '../../../src/main/store';
import { manualClock } from '../../support/helpers';

/** The price catalogue the cost ledger looks models up in (src/main/store/llm-price-repository.ts). */
function setup() {
  const db = openDatabase(':memory:');
  const clock = manualClock('2026-11-01T10:00:00.000Z');
  return { db, prices: new LlmPriceRepository(db, { now: clock.now }) };
}

describe('LlmPriceRepository', () => {
  it('ships a catalogue with the default model of every hosted provider', () => {
    const { db, prices } = setup();
    const catalogue = prices.list();
    for (const model of ['gemini-3-flash-preview', 'grok-4-fast-non-reasoning', 'gpt-5-mini']) {
      expect(catalogue.find((price) => price.modelId === model)).toMatchObject({ source: 'shipped' });
    }
    expect(new Set(catalogue.map((price) => price.provider))).toEqual(
      new Set(['gemini', 'openai', 'xai', 'openrouter']),
    );
    db.close();
  });

  it('finds a model by its exact id, in any case', () => {
    const { db, prices } = setup();
    expect(prices.get('gpt-5-mini')).toMatchObject({ modelId: 'gpt-5-mini', provider: 'openai' });
    expect(prices.get('GPT-5-Mini')?.modelId).toBe('gpt-5-mini');
    db.close();
  });

  it.each([
    ['models/gemini-2.5-flash', 'gemini-2.5-flash'],
    ['gemini-2.0-flash-001', 'gemini-2.0-flash'],
    ['gemini-2.5-flash-lite-preview-09-2025', 'gemini-2.5-flash-lite'],
    ['gpt-4o-mini-2024-07-18', 'gpt-4o-mini'],
    ['grok-4-0709', 'grok-4'],
    ['openai/gpt-5-mini', 'gpt-5-mini'],
    ['anthropic/claude-sonnet-4.5', 'anthropic/claude-sonnet-4.5'],
  ])('prices %s as the catalogue entry %s', (model, catalogued) => {
    const { db, prices } = setup();
    expect(prices.get(model)?.modelId).toBe(catalogued);
    db.close();
  });

  it.each(['gpt-5-pro', 'grok-4-1-fast', 'llama3.2', ''])('knows no price for %s', (model) => {
    const { db, prices } = setup();
    expect(prices.get(model)).toBeNull();
    db.close();
  });

  it('adds and replaces prices as the operator’s, stamped with the time', () => {
    const { db, prices } = setup();
    const added = prices.upsert({
      modelId: 'qwen3:8b',
      provider: 'ollama',
      displayName: 'Qwen 3 8B',
      inputUsdPerMtok: 0,
      outputUsdPerMtok: 0,
      cachedInputUsdPerMtok: null,
    });
    expect(added).toEqual({
      modelId: 'qwen3:8b',
      provider: 'ollama',
      displayName: 'Qwen 3 8B',
      inputUsdPerMtok: 0,
      outputUsdPerMtok: 0,
      cachedInputUsdPerMtok: null,
      source: 'operator',
      updatedAt: '2026-11-01T10:00:00.000Z',
    });
    const edited = prices.upsert({
      ...added,
      modelId: 'GPT-5-MINI',
      provider: 'openai',
      inputUsdPerMtok: 0.3,
    });
    expect(prices.get('gpt-5-mini')).toEqual(edited);
    expect(edited).toMatchObject({ inputUsdPerMtok: 0.3, source: 'operator' });
    db.close();
  });

  it('prices a model it priced before as the catalogue now says, after an edit or a removal', () => {
    const { db, prices } = setup();
    const shipped = prices.get('openai/gpt-5-mini')!;
    prices.get('openai/gpt-5-mini')!.inputUsdPerMtok = 99;
    expect(prices.get('openai/gpt-5-mini')).toEqual(shipped);
    prices.upsert({ ...shipped, inputUsdPerMtok: shipped.inputUsdPerMtok + 1 });
    expect(prices.get('openai/gpt-5-mini')?.inputUsdPerMtok).toBe(shipped.inputUsdPerMtok + 1);
    expect(prices.get('qwen3:8b')).toBeNull();
    prices.upsert({ ...shipped, modelId: 'qwen3', provider: 'ollama', displayName: 'Qwen 3' });
    expect(prices.get('qwen3:8b')?.modelId).toBe('qwen3');
    expect(prices.delete('gpt-5-mini')).toBe(true);
    expect(prices.get('openai/gpt-5-mini')).toBeNull();
    db.close();
  });

  it('refuses negative prices and unknown providers', () => {
    const { db, prices } = setup();
    const valid = {
      modelId: 'm',
      provider: 'openai' as const,
      displayName: 'M',
      inputUsdPerMtok: 1,
      outputUsdPerMtok: 1,
      cachedInputUsdPerMtok: null,
    };
    expect(() => prices.upsert({ ...valid, inputUsdPerMtok: -1 })).toThrow(/negative/);
    expect(() => prices.upsert({ ...valid, provider: 'acme' as 'openai' })).toThrow();
    db.close();
  });
});
