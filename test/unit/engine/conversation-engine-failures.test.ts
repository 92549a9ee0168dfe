import { expect, it } from 'vitest';
import { LlmError } from '../../../src/main/llm/provider';
import { EngineHarness } from '../../support/engine-harness';
import { closeHarnessAfterEach, describeConversationEngine } from './conversation-engine-support';

let harness: EngineHarness;
closeHarnessAfterEach(() => harness);

describeConversationEngine('failures', () => {
  it('retries a retryable LLM error through a retry wait and then answers', async () => {
    harness = new EngineHarness();
    const chat = harness.directChat();
    harness.llm.fail(new LlmError('server', 'HTTP 500', { retryable: true, status: 500 }));
    harness.llm.reply([{ kind: 'send', text: 'Sorry, I was away.' }]);
    harness.say(chat, 'hello');
    await harness.advance(6_000);
    const received = harness.nodes(chat).find((node) => node.kind === 'received')!;
    expect(received).toMatchObject({ status: 'pending', retries: 1, lastError: 'HTTP 500' });
    expect(harness.engine.lastExchange(harness.conversation(chat))?.error).toBe('HTTP 500');
    await harness.advance(15_000);
    expect(harness.llm.queries).toHaveLength(2);
    expect(harness.agentTexts(chat)).toEqual(['Sorry, I was away.']);
    // Done at last, it still says why it needed a second try.
    expect(harness.nodes(chat).find((node) => node.kind === 'received')).toMatchObject({
      status: 'done',
      retries: 1,
      lastError: 'HTTP 500',
    });
  });

  it('fails the turn at once on a permanent LLM error, saying why', async () => {
    harness = new EngineHarness();
    const chat = harness.directChat();
    harness.llm.fail(
      new LlmError('auth', 'Set the Google Gemini API key in Settings.', { retryable: false }),
    );
    harness.say(chat, 'hello');
    await harness.advance(6_000);
    const received = harness.nodes(chat).find((node) => node.kind === 'received')!;
    expect(received).toMatchObject({
      status: 'failed',
      lastError: 'Set the Google Gemini API key in Settings.',
    });
    await harness.advance(60_000);
    expect(harness.llm.queries).toHaveLength(1);
  });

  it('retries a reply that is not JSON and drops one whose elements are not tasks', async () => {
    harness = new EngineHarness();
    const chat = harness.directChat();
    harness.llm.reply('this is not json');
    harness.llm.reply('[{"text": "no kind"}]');
    harness.say(chat, 'hello');
    await harness.advance(6_000);
    expect(harness.nodes(chat).find((node) => node.kind === 'received')).toMatchObject({ retries: 1 });
    await harness.advance(11_000);
    expect(harness.llm.queries).toHaveLength(2);
    expect(harness.nodes(chat).find((node) => node.kind === 'received')).toMatchObject({
      status: 'done',
    });
    expect(harness.agentTexts(chat)).toEqual([]);
  });

  it('fails a task of an unknown kind, and cancels what was chained after it', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = harness.directChat();
    harness.llm.reply([
      { kind: 'dance', style: 'waltz' },
      { kind: 'send', text: 'after the dance' },
    ]);
    harness.say(chat, 'hello');
    await harness.advance(6_000);
    const nodes = harness.nodes(chat);
    expect(nodes.find((node) => node.kind === 'dance')).toMatchObject({
      status: 'failed',
      lastError: 'Unknown task kind "dance".',
    });
    expect(nodes.find((node) => node.kind === 'send')).toMatchObject({ status: 'cancelled' });
    expect(harness.agentTexts(chat)).toEqual([]);
  });

  it('waits out a flood wait on a send without counting a retry, and sends once', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = harness.directChat();
    harness.llm.reply([{ kind: 'send', text: 'Patience.' }]);
    harness.simulator.faults.floodWait(30);
    harness.say(chat, 'hello');
    await harness.advance(6_000);
    const send = harness.nodes(chat).find((node) => node.kind === 'send')!;
    expect(send).toMatchObject({ status: 'pending', retries: 0 });
    expect(harness.agentTexts(chat)).toEqual([]);
    await harness.advance(30_000);
    expect(harness.agentTexts(chat)).toEqual(['Patience.']);
  });

  it('sends once when the acknowledgement of a delivered message is lost', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = harness.directChat();
    harness.llm.reply([{ kind: 'send', text: 'Only once.' }]);
    harness.simulator.faults.failAfterDelivery(1);
    harness.say(chat, 'hello');
    await harness.advance(20_000);
    expect(harness.agentTexts(chat)).toEqual(['Only once.']);
    expect(harness.nodes(chat).find((node) => node.kind === 'send')).toMatchObject({
      status: 'done',
      retries: 1,
    });
  });
});
