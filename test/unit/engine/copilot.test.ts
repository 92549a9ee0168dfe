import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TaskActionError } from '../../../src/main/engine';
import { recordLlmUsage } from '../../../src/main/llm/llm-usage-ledger';
import type { TextQuery } from '../../../src/main/llm/provider';
import { FACT_EXTRACTION_QUIET_MS } from '../../../src/main/memory';
import { EngineHarness, type HarnessChat } from '../../support/engine-harness';

const isExtraction = (query: TextQuery) => query.systemPrompt.includes('# Keeping Facts About People');

/** Everything the model was sent last (prompt and turns), to look for what a turn was told. */
function lastTurnText(harness: EngineHarness): string {
  return JSON.stringify(harness.llm.turnQueries.at(-1));
}

describe('drafts: the agent’s messages wait for the operator’s approval', () => {
  let harness: EngineHarness;
  afterEach(async () => {
    await harness.close();
  });

  const drafts = (chat: HarnessChat) =>
    harness.nodes(chat).filter((node) => node.params.draft === 'awaiting' && node.status === 'pending');

  async function draftedReply(tasks: Record<string, unknown>[]): Promise<HarnessChat> {
    const chat = harness.directChat();
    harness.engine.updateParameters(harness.conversation(chat), { approvalOverride: true });
    harness.llm.reply(tasks);
    harness.say(chat, 'Are we still on for tonight?');
    await harness.advance(10_000);
    return chat;
  }

  it('holds every planned message as a draft and sends an approved one as edited, paced from the approval', async () => {
    harness = new EngineHarness({ pacing: 'human' });
    const chat = await draftedReply([
      { kind: 'send', text: 'Yes, at 7!' },
      { kind: 'react', message_id: 1, emoji: '👍' },
    ]);
    expect(drafts(chat).map((node) => node.kind)).toEqual(['send', 'react']);
    expect(harness.agentTexts(chat)).toEqual([]);
    // Nothing the agent can do by itself is left: it waits for the operator.
    expect(harness.engine.isIdle()).toBe(true);

    const conversation = harness.conversation(chat);
    const [send] = drafts(chat);
    harness.engine.approveDraft(conversation, send!.id, 'Yes, at 8 instead!');
    // Typing takes a while at the human pace: nothing goes out at once.
    await harness.advance(500);
    expect(harness.agentTexts(chat)).toEqual([]);
    await harness.advance(30_000);
    expect(harness.agentTexts(chat)).toEqual(['Yes, at 8 instead!']);
    expect(harness.store.taskLog.list({ kinds: ['send'], limit: 5 })[0]?.details).toMatchObject({
      draft: 'edited',
      text: 'Yes, at 8 instead!',
    });
    // The reaction is still a draft; approving a draft twice is refused plainly.
    expect(drafts(chat).map((node) => node.kind)).toEqual(['react']);
    expect(() => harness.engine.approveDraft(conversation, send!.id)).toThrow(TaskActionError);
  });

  it('keeps drafts through a restart', async () => {
    harness = new EngineHarness({
      pacing: 'off',
      databaseFile: join(mkdtempSync(join(tmpdir(), 'troupe-drafts-')), 'state.sqlite'),
    });
    const chat = await draftedReply([{ kind: 'send', text: 'See you there.' }]);
    await harness.restart();
    await harness.advance(60_000);
    expect(harness.agentTexts(chat)).toEqual([]);
    const [draft] = drafts(chat);
    expect(draft?.params.text).toBe('See you there.');
    harness.engine.approveDraft(harness.conversation(chat), draft!.id);
    await harness.advance(2_000);
    expect(harness.agentTexts(chat)).toEqual(['See you there.']);
  });

  it('refuses to edit anything but a text', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = await draftedReply([{ kind: 'react', message_id: 1, emoji: '👍' }]);
    const [react] = drafts(chat);
    expect(() => harness.engine.approveDraft(harness.conversation(chat), react!.id, 'hello')).toThrow(
      /Only a text message can be edited/,
    );
  });

  it('rejects a draft alone: the message after it can still be approved and goes out', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = await draftedReply([
      { kind: 'send', text: 'I forgot, sorry.' },
      { kind: 'send', text: 'See you at 7.' },
    ]);
    const conversation = harness.conversation(chat);
    const [first, second] = drafts(chat);
    expect(await harness.engine.rejectDraft(conversation, first!.id, null)).toBe(false);
    harness.engine.approveDraft(conversation, second!.id);
    await harness.advance(2_000);
    expect(harness.agentTexts(chat)).toEqual(['See you at 7.']);
    expect(harness.llm.turnQueries).toHaveLength(1);
  });

  it('rejects with an instruction: the agent thinks again at once, told what was held back and what to do instead', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = await draftedReply([
      { kind: 'send', text: 'The price is $500.' },
      { kind: 'send', text: 'Cash only.' },
    ]);
    const conversation = harness.conversation(chat);
    harness.llm.reply([{ kind: 'send', text: 'Let me check and get back to you.' }]);
    const [first] = drafts(chat);
    expect(await harness.engine.rejectDraft(conversation, first!.id, 'Do not quote prices yet.')).toBe(true);
    await harness.advance(5_000);
    const told = lastTurnText(harness);
    expect(told).toContain('The price is $500.');
    expect(told).toContain('Cash only.');
    expect(told).toContain('Do not quote prices yet.');
    // The new plan is drafted too; the old one is gone.
    expect(drafts(chat).map((node) => node.params.text)).toEqual(['Let me check and get back to you.']);
    expect(harness.agentTexts(chat)).toEqual([]);
  });

  it('follows the agent’s default unless the conversation says otherwise', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    harness.store.agentSteering.put(
      'Ada',
      { requireApproval: true, dailyLimitUsd: null, limitLiftedOn: null },
      harness.clock.now(),
    );
    const chat = harness.directChat();
    const conversation = harness.conversation(chat);
    expect(harness.engine.parameters(conversation)).toMatchObject({ approvalOverride: null, approval: true });
    harness.engine.updateParameters(conversation, { approvalOverride: false });
    expect(harness.engine.parameters(conversation)).toMatchObject({ approval: false });
    harness.llm.reply([{ kind: 'send', text: 'Hi!' }]);
    harness.say(chat, 'hello');
    await harness.advance(5_000);
    expect(harness.agentTexts(chat)).toEqual(['Hi!']);
  });
});

describe('takeover: the operator writes as the agent', () => {
  let harness: EngineHarness;
  afterEach(async () => {
    await harness.close();
  });

  it('sends the operator’s text paced like the agent’s, as a reply, without a turn on it', async () => {
    harness = new EngineHarness({ pacing: 'human' });
    const chat = harness.directChat();
    const conversation = harness.conversation(chat);
    const asked = harness.say(chat, 'hello');
    harness.engine.updateParameters(conversation, { operatorOnly: true });
    await harness.advance(5_000);
    const taskId = await harness.engine.sendAsOperator(conversation, {
      kind: 'text',
      text: 'Hi, it is me.',
      replyTo: asked.messageId,
    });
    await harness.advance(300);
    expect(harness.agentTexts(chat)).toEqual([]);
    await harness.advance(30_000);
    expect(harness.agentTexts(chat)).toEqual(['Hi, it is me.']);
    expect(harness.messages(chat).at(-1)?.replyToMessageId).toBe(asked.messageId);
    expect(harness.llm.turnQueries).toHaveLength(0);
    expect(harness.store.taskLog.list({ kinds: ['send'], limit: 1 })[0]).toMatchObject({
      taskIdentifier: taskId,
      details: { operator: true },
    });
  });

  it('keeps the agent silent while operator only, and lets it answer again once released', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = harness.directChat();
    const conversation = harness.conversation(chat);
    harness.engine.updateParameters(conversation, { operatorOnly: true });
    harness.say(chat, 'anyone?');
    await harness.advance(10_000);
    expect(harness.llm.turnQueries).toHaveLength(0);
    await harness.engine.sendAsOperator(conversation, { kind: 'text', text: 'Here.', replyTo: null });
    await harness.advance(2_000);
    expect(harness.agentTexts(chat)).toEqual(['Here.']);

    harness.engine.updateParameters(conversation, { operatorOnly: false });
    harness.llm.reply([{ kind: 'send', text: 'Back to me now.' }]);
    harness.say(chat, 'great, and you?');
    await harness.advance(10_000);
    expect(harness.agentTexts(chat)).toEqual(['Here.', 'Back to me now.']);
    // The operator's message is the agent's own in the history it thinks with.
    expect(lastTurnText(harness)).toContain('Here.');
  });

  it('lets a turn that is due wait for the operator’s message, so the agent sees it', async () => {
    harness = new EngineHarness({ pacing: 'human', partnerTypingWindowMs: 3_000 });
    const chat = harness.directChat();
    const conversation = harness.conversation(chat);
    harness.say(chat, 'what time?');
    await harness.flush();
    await harness.engine.sendAsOperator(conversation, { kind: 'text', text: 'Seven.', replyTo: null });
    harness.llm.reply([{ kind: 'send', text: 'Do not be late!' }]);
    await harness.advance(60_000);
    expect(harness.agentTexts(chat)).toEqual(['Seven.', 'Do not be late!']);
    expect(lastTurnText(harness)).toContain('Seven.');
  });

  it('lets a draft approved during a takeover go out, while the agent’s own plan stays held', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = harness.directChat();
    const conversation = harness.conversation(chat);
    harness.engine.updateParameters(conversation, { approvalOverride: true });
    harness.llm.reply([{ kind: 'send', text: 'Checked: all fine.' }]);
    harness.say(chat, 'all good?');
    await harness.advance(5_000);
    const draft = harness.nodes(chat).find((node) => node.params.draft === 'awaiting')!;
    harness.engine.updateParameters(conversation, { operatorOnly: true });
    harness.engine.approveDraft(conversation, draft.id);
    await harness.advance(5_000);
    expect(harness.agentTexts(chat)).toEqual(['Checked: all fine.']);
  });

  it('refuses to send into a paused conversation', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = harness.directChat();
    const conversation = harness.conversation(chat);
    harness.engine.updateParameters(conversation, { paused: true });
    await expect(
      harness.engine.sendAsOperator(conversation, { kind: 'text', text: 'hi', replyTo: null }),
    ).rejects.toThrow(/paused/);
  });
});

describe('the daily spending limit', () => {
  let harness: EngineHarness;
  afterEach(async () => {
    await harness.close();
  });

  function spend(usd: number) {
    recordLlmUsage(harness.store, {
      agent: 'Ada',
      channelId: null,
      operation: 'received',
      provider: 'gemini',
      model: 'gemini-2.5-flash',
      usage: { inputTokens: 1000, outputTokens: 100, cachedTokens: 0, thinkingTokens: 0 },
      latencyMs: 100,
      costUsd: usd,
    });
  }

  function limit(usd: number | null, liftedOn: string | null = null) {
    harness.store.agentSteering.put(
      'Ada',
      { requireApproval: false, dailyLimitUsd: usd, limitLiftedOn: liftedOn },
      harness.clock.now(),
    );
  }

  it('holds the agent’s turns once the day’s spend reaches the limit, says so once, and carries on the next day', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    limit(1);
    spend(0.6);
    spend(0.5);
    const chat = harness.directChat();
    harness.say(chat, 'hello');
    await harness.advance(10_000);
    expect(harness.llm.turnQueries).toHaveLength(0);
    expect(harness.engine.spending('Ada')).toMatchObject({ limitUsd: 1, reached: true, day: '2026-03-02' });
    harness.say(chat, 'hello?');
    await harness.advance(10_000);
    expect(harness.events.filter((event) => event.type === 'spendingLimit')).toHaveLength(1);

    harness.llm.reply([{ kind: 'send', text: 'Good morning!' }]);
    // Midnight in the agent's zone (UTC) is 14 hours after the harness's 10:00.
    await harness.advance(14 * 60 * 60 * 1000, 60 * 60 * 1000);
    await harness.advance(5_000);
    expect(harness.agentTexts(chat)).toEqual(['Good morning!']);
  });

  it('leaves memory work for later while the limit is reached', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = harness.directChat();
    harness.llm.reply([{ kind: 'send', text: 'Noted.' }]);
    harness.say(chat, 'My sister Ana lives in Porto.');
    await harness.advance(5_000);
    expect(harness.agentTexts(chat)).toEqual(['Noted.']);
    // The turn's call pushed the day over the limit; the facts are not read after the quiet.
    limit(1);
    spend(1);
    await harness.advance(FACT_EXTRACTION_QUIET_MS + 5_000, 10_000);
    expect(harness.llm.queries.filter(isExtraction)).toHaveLength(0);
    // Lifted, the next exchange's quiet reads them.
    limit(1, '2026-03-02');
    harness.llm.reply([{ kind: 'send', text: 'Lovely.' }]);
    harness.say(chat, 'She has a cat.');
    await harness.advance(5_000);
    await harness.advance(FACT_EXTRACTION_QUIET_MS + 5_000, 10_000);
    expect(harness.llm.queries.filter(isExtraction)).toHaveLength(1);
  });

  it('lets the agent go on at once when the operator lifts the limit for the day', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    limit(1);
    spend(2);
    const chat = harness.directChat();
    harness.say(chat, 'hello');
    await harness.advance(5_000);
    expect(harness.llm.turnQueries).toHaveLength(0);
    harness.llm.reply([{ kind: 'send', text: 'Hi!' }]);
    limit(1, '2026-03-02');
    harness.engine.refresh();
    await harness.advance(5_000);
    expect(harness.agentTexts(chat)).toEqual(['Hi!']);
    expect(harness.engine.spending('Ada')).toMatchObject({ reached: false, lifted: true, spentUsd: 2 });
  });
});
