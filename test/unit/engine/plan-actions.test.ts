import { afterEach, describe, expect, it } from 'vitest';
import { TaskActionError } from '../../../src/main/engine';
import { MessagingError } from '../../../src/main/messaging/port';
import { EngineHarness } from '../../support/engine-harness';

describe('the operator’s hand on a plan: cancel, retry, clear', () => {
  let harness: EngineHarness;

  afterEach(async () => {
    await harness.close();
  });

  const sendOf = (chat: Parameters<EngineHarness['nodes']>[0], text: string) =>
    harness.nodes(chat).find((node) => node.kind === 'send' && node.params.text === text)!;

  it('cancels a send before it goes, and the tasks waiting for it, in the store too', async () => {
    harness = new EngineHarness({ pacing: 'human' });
    const chat = harness.directChat();
    harness.llm.reply([
      { kind: 'send', text: 'first' },
      { kind: 'send', text: 'second' },
    ]);
    harness.say(chat, 'hello');
    await harness.advance(6_000);
    const first = sendOf(chat, 'first');
    const conversation = harness.conversation(chat);
    expect(first.status).toBe('pending');

    const cancelled = harness.engine.cancelTask(conversation, first.id);
    expect(cancelled).toContain(first.id);
    const second = sendOf(chat, 'second');
    expect(cancelled).toContain(second.id);
    await harness.advance(60_000);
    expect(harness.agentTexts(chat)).toEqual([]);
    // A restart reads the cancellation back: nothing goes out either.
    await harness.restart();
    await harness.advance(60_000);
    expect(harness.agentTexts(chat)).toEqual([]);
    // Cancelling again changes nothing.
    expect(harness.engine.cancelTask(conversation, first.id)).toEqual([]);
  });

  it('says a message has already been sent instead of pretending to cancel it', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = harness.directChat();
    harness.llm.reply([
      { kind: 'send', text: 'quick' },
      { kind: 'wait', delay: 600 },
      { kind: 'send', text: 'later' },
    ]);
    harness.say(chat, 'hello');
    await harness.advance(6_000);
    expect(harness.agentTexts(chat)).toEqual(['quick']);
    const conversation = harness.conversation(chat);
    expect(() => harness.engine.cancelTask(conversation, sendOf(chat, 'quick').id)).toThrow('Already sent.');
    // The rest of the plan is cleared; nothing else goes out, and the finished plan goes.
    const later = sendOf(chat, 'later').id;
    expect(harness.engine.clearPending(conversation)).toContain(later);
    expect(harness.nodes(chat)).toEqual([]);
    expect(() => harness.engine.cancelTask(conversation, later)).toThrow(TaskActionError);
    await harness.advance(700_000);
    expect(harness.agentTexts(chat)).toEqual(['quick']);
  });

  it('runs a failed send again now, with the tasks its failure cancelled', async () => {
    harness = new EngineHarness({ pacing: 'off', engine: { maxRetries: 0 } });
    const chat = harness.directChat();
    harness.simulator.faults.failNextSends(
      1,
      new MessagingError('The chat is read-only for now.', { retryable: false }),
    );
    harness.llm.reply([
      { kind: 'send', text: 'one' },
      { kind: 'send', text: 'two' },
    ]);
    harness.say(chat, 'hello');
    await harness.advance(6_000);
    const conversation = harness.conversation(chat);
    const one = sendOf(chat, 'one');
    expect(one).toMatchObject({ status: 'failed' });
    expect(sendOf(chat, 'two')).toMatchObject({ status: 'cancelled' });
    expect(() => harness.engine.retryTask(conversation, sendOf(chat, 'two').id)).toThrow(
      /Only a failed task/,
    );

    harness.engine.retryTask(conversation, one.id);
    await harness.advance(6_000);
    expect(harness.agentTexts(chat)).toEqual(['one', 'two']);
  });

  it('holds a paused conversation’s plan, takes its messages, and carries on when resumed, also after a restart', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = harness.directChat();
    const conversation = harness.conversation(chat);
    expect(harness.engine.updateParameters(conversation, { paused: true })).toMatchObject({ paused: true });
    harness.say(chat, 'hello');
    await harness.advance(6_000);
    expect(harness.llm.turnQueries).toHaveLength(0);
    expect(harness.nodes(chat).find((node) => node.kind === 'received')).toMatchObject({ status: 'pending' });

    await harness.restart();
    harness.say(chat, 'are you there?');
    await harness.advance(6_000);
    expect(harness.llm.turnQueries).toHaveLength(0);

    harness.llm.reply([{ kind: 'send', text: 'Back now.' }]);
    expect(harness.engine.updateParameters(conversation, { paused: false })).toMatchObject({ paused: false });
    await harness.advance(6_000);
    expect(harness.agentTexts(chat)).toEqual(['Back now.']);
    expect(harness.llm.turnQueries).toHaveLength(1);
  });
});
