import { afterEach, describe, expect, it, vi } from 'vitest';
import { receivedParams } from '../../../src/main/engine/graph/received-task';
import { FIRST_SCAN_DELAY_MS, MAX_SCAN_STAGGER_MS } from '../../../src/main/engine/scheduler/unread-scanner';
import { LlmError } from '../../../src/main/llm/provider';
import { EngineHarness, type HarnessChat } from '../../support/engine-harness';

/** Long enough for the first periodic scan of any agent. */
const FIRST_SCAN_MS = FIRST_SCAN_DELAY_MS + MAX_SCAN_STAGGER_MS;
const INTERVAL_MS = 60_000;

function receivedNodes(harness: EngineHarness, chat: HarnessChat) {
  return (harness.engine.graph(harness.conversation(chat))?.nodes ?? []).filter(
    (node) => node.kind === 'received',
  );
}

describe('unread scan', () => {
  let harness: EngineHarness;

  afterEach(async () => {
    await harness.close();
  });

  it('answers after start a message that arrived while the engine was stopped', async () => {
    harness = new EngineHarness();
    const chat = harness.directChat();
    await harness.engine.stop();
    harness.llm.reply([{ kind: 'send', text: 'Sorry, I was away.' }]);
    harness.say(chat, 'are you there?');
    await harness.restart();
    await harness.advance(FIRST_SCAN_MS + 5_000);
    expect(harness.llm.turnQueries).toHaveLength(1);
    expect(harness.agentTexts(chat)).toEqual(['Sorry, I was away.']);
  });

  it('never answers again what it answered when the read receipt failed, and sends the receipt again', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = harness.directChat();
    const markRead = vi.spyOn(harness.simulator, 'markRead').mockRejectedValueOnce(new Error('network down'));
    harness.llm.reply([{ kind: 'send', text: 'Hello Pat!' }]);
    harness.say(chat, 'hi');
    await harness.advance(6_000);
    expect(harness.agentTexts(chat)).toEqual(['Hello Pat!']);
    expect(markRead).toHaveBeenCalledTimes(1);

    // The network still counts "hi" unread; the agent's own record says it was answered.
    expect(await harness.engine.scan('Ada')).toBe(0);
    await harness.advance(6_000);
    expect(harness.llm.turnQueries).toHaveLength(1);
    expect(markRead).toHaveBeenCalledTimes(2);
    expect(await harness.engine.scan('Ada')).toBe(0);
    expect(markRead).toHaveBeenCalledTimes(2);
  });

  it('scans on demand, resolving to the conversations it triggered', async () => {
    harness = new EngineHarness();
    const chat = harness.directChat();
    await harness.engine.stop();
    harness.say(chat, 'missed one');
    await harness.restart();
    expect(await harness.engine.scan('Ada')).toBe(1);
    expect(receivedNodes(harness, chat).map(receivedParams)).toMatchObject([
      { messageId: harness.messages(chat).at(-1)!.messageId, callout: false },
    ]);
  });

  it('leaves answered chats alone at the next scans', async () => {
    harness = new EngineHarness();
    const chat = harness.directChat();
    harness.say(chat, 'hello');
    await harness.advance(6_000);
    expect(harness.llm.turnQueries).toHaveLength(1);
    await harness.advance(3 * INTERVAL_MS, 5_000);
    expect(harness.llm.turnQueries).toHaveLength(1);
  });

  it('picks up a chat marked unread at a periodic scan, as a callout', async () => {
    harness = new EngineHarness();
    const chat = harness.directChat();
    harness.say(chat, 'hello');
    await harness.advance(6_000);
    const lastMessageId = harness.messages(chat).at(-1)!.messageId;
    // The Simulator has no unread mark (the operator plays the people), so the listing is faked once.
    vi.spyOn(harness.simulator, 'listUnread').mockResolvedValueOnce([
      {
        channelId: chat.channelId,
        unreadCount: 0,
        mentioned: false,
        markedUnread: true,
        unreadReactionMessageIds: [],
        lastMessageId,
      },
    ]);
    await harness.advance(INTERVAL_MS, 5_000);
    expect(harness.llm.turnQueries).toHaveLength(2);
    expect(receivedParams(receivedNodes(harness, chat).at(-1)!)).toMatchObject({
      messageId: lastMessageId,
      callout: true,
    });
  });

  it('joins the pending turn of a chat instead of starting a second LLM call', async () => {
    harness = new EngineHarness();
    const chat = harness.directChat();
    harness.say(chat, 'hello');
    await harness.flush();
    expect(await harness.engine.scan('Ada')).toBe(1);
    expect(receivedNodes(harness, chat)).toHaveLength(1);
    await harness.advance(6_000);
    expect(harness.llm.turnQueries).toHaveLength(1);
  });

  it('does not abort a turn whose LLM call is in flight', async () => {
    harness = new EngineHarness();
    const chat = harness.directChat();
    harness.llm.hang();
    harness.say(chat, 'hello');
    await harness.advance(6_000);
    expect(await harness.engine.scan('Ada')).toBe(0);
    expect(harness.llm.turnQueries[0]!.signal?.aborted).toBe(false);
  });

  it('does not start again a turn that failed for good, though its messages stay unread', async () => {
    harness = new EngineHarness();
    const chat = harness.directChat();
    harness.llm.fail(new LlmError('auth', 'No key.', { retryable: false }));
    harness.say(chat, 'hello');
    await harness.advance(6_000);
    await harness.advance(3 * INTERVAL_MS, 5_000);
    expect((await harness.simulator.listChats('Ada', { limit: 10 }))[0]!.unreadCount).toBe(1);
    expect(harness.llm.turnQueries).toHaveLength(1);
  });

  it('skips a gagged conversation', async () => {
    harness = new EngineHarness();
    const chat = harness.directChat();
    await harness.engine.stop();
    harness.say(chat, 'hello');
    await harness.restart();
    harness.engine.updateParameters(harness.conversation(chat), { gaggedOverride: true });
    expect(await harness.engine.scan('Ada')).toBe(0);
  });
});
