import { afterEach, describe, expect, it } from 'vitest';
import { EngineHarness } from '../../support/engine-harness';

describe('memory recalled before a turn', () => {
  let harness: EngineHarness;

  afterEach(async () => {
    await harness.close();
  });

  const finalUserTurn = () => harness.llm.turnQueries.at(-1)!.turns.at(-1)!.parts.join('\n');

  it('puts what older messages said about the question after the history, and nothing when none bear on it', async () => {
    harness = new EngineHarness({ pacing: 'off', engine: { historyShown: 4 } });
    const chat = harness.directChat('Pat');
    const told = harness.say(chat, 'My sister Ingrid is visiting from Oslo next week');
    for (const filler of [
      'grey skies again',
      'lunch was soup',
      'traffic was awful',
      'new shoes hurt',
      'cat knocked a vase',
      'football tonight',
    ]) {
      harness.say(chat, filler);
    }
    await harness.advance(6_000);
    expect(finalUserTurn()).not.toContain('<recalled_memory>');

    harness.say(chat, 'when is Ingrid visiting again?');
    await harness.advance(6_000);
    const context = finalUserTurn();
    expect(context).toContain('# Recalled Memory');
    expect(context).toMatch(
      /<recalled_memory>\n<item kind="message" [^>]*from="Pat">My sister Ingrid is visiting from Oslo next week<\/item>/,
    );
    // The recalled message is older than the history shown, which it never repeats.
    const shown = harness.llm.turnQueries
      .at(-1)!
      .turns.flatMap((turn) => turn.parts)
      .join('\n');
    expect(shown).not.toContain(`message_id=${told.messageId} `);
    expect(context.indexOf('# Your Turn')).toBeLessThan(context.indexOf('<recalled_memory>'));
  });
});
