import { expect, it, vi } from 'vitest';
import { EngineHarness } from '../../support/engine-harness';
import { closeHarnessAfterEach, describeConversationEngine } from './conversation-engine-support';

let harness: EngineHarness;
closeHarnessAfterEach(() => harness);

describeConversationEngine('pacing and limits', () => {
  it('refreshes the typing action at least every 5 seconds while a typing wait runs', async () => {
    harness = new EngineHarness({ engine: { startTypingDelaySeconds: 0, typingSpeed: 2 } });
    const chat = harness.directChat();
    harness.llm.reply([{ kind: 'send', text: 'x'.repeat(40) }]);
    const setTyping = vi.spyOn(harness.simulator, 'setTyping');
    harness.say(chat, 'hello');
    await harness.advance(5_000);
    const typingAt: number[] = [];
    setTyping.mockImplementation(async (_agent, _channel, action) => {
      if (action === 'typing') typingAt.push(harness.clock.now().getTime());
    });
    const start = harness.clock.now().getTime();
    await harness.advance(19_000, 250);
    expect(harness.agentTexts(chat)).toEqual([]);
    const gaps = [start, ...typingAt]
      .slice(1)
      .map((time, index, all) => time - (index === 0 ? start : all[index - 1]!));
    expect(typingAt.length).toBeGreaterThanOrEqual(4);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(5_000);
  });

  it('lets one conversation at a time call the LLM under a concurrency of 1, first come first served', async () => {
    harness = new EngineHarness({ pacing: 'off', engine: { llmConcurrency: 1 } });
    const first = harness.directChat('Pat');
    const second = harness.directChat('Sam');
    harness.llm.hang();
    harness.say(first, 'one');
    await harness.advance(5_000);
    harness.say(second, 'two');
    await harness.advance(10_000, 5_000);
    expect(harness.llm.queries).toHaveLength(1);
    harness.say(first, 'replan to free the slot');
    await harness.advance(5_500);
    // The aborted call freed the slot; Sam, who queued first, got it before Pat's new turn.
    expect(harness.llm.queries.map((query) => query.turns.at(-1)!.parts.join(' '))).toEqual([
      expect.stringContaining('one'),
      expect.stringContaining('two'),
      expect.stringContaining('replan to free the slot'),
    ]);
  });

  it('spaces sends to the per-account rate', async () => {
    harness = new EngineHarness({ pacing: 'off', engine: { sendsPerMinute: 1 } });
    const chat = harness.directChat();
    harness.llm.reply([
      { kind: 'send', text: 'one' },
      { kind: 'send', text: 'two' },
    ]);
    harness.say(chat, 'hello');
    await harness.advance(6_000);
    expect(harness.agentTexts(chat)).toEqual(['one']);
    await harness.advance(60_000, 5_000);
    expect(harness.agentTexts(chat)).toEqual(['one', 'two']);
  });
});
