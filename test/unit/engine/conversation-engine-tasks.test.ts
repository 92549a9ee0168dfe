import { expect, it, vi } from 'vitest';
import { agentConfig } from '../../support/agent-config';
import { EngineHarness, HARNESS_MEDIA, MEDIA_INSTRUCTIONS } from '../../support/engine-harness';
import {
  closeHarnessAfterEach,
  describeConversationEngine,
  turnContextOf,
} from './conversation-engine-support';

const CATS = {
  setName: 'Cats',
  setTitle: 'Cats',
  name: '😺',
  uniqueId: 'cat-1',
  description: 'a grinning cat',
};

let harness: EngineHarness;
closeHarnessAfterEach(() => harness);

describeConversationEngine('tasks', () => {
  it('sends a sticker from the agent sets, and the name as text when the sticker is unknown', async () => {
    harness = new EngineHarness({
      pacing: 'off',
      stickers: [CATS],
      agents: [agentConfig({ configName: 'Ada', timezone: 'UTC', stickerSets: ['Cats'] })],
    });
    const chat = harness.directChat();
    harness.llm.reply([
      { kind: 'sticker', sticker_set: 'Cats', name: '😺' },
      { kind: 'sticker', sticker_set: 'Dogs', name: '🐶' },
    ]);
    harness.say(chat, 'show me');
    await harness.advance(6_000);
    expect(harness.agentTexts(chat)).toEqual(['[media]', '🐶']);
  });

  it('sends a photo from the media library the prompt lists, and fails an unknown id at once', async () => {
    harness = new EngineHarness({ pacing: 'off', instructions: MEDIA_INSTRUCTIONS });
    const photo = HARNESS_MEDIA[0]!;
    const chat = harness.directChat();
    harness.llm.reply([
      { kind: 'send_media', unique_id: photo.uniqueId },
      { kind: 'photo', unique_id: 'AgADnope' },
    ]);
    harness.say(chat, 'show me the view');
    await harness.advance(6_000);

    expect(harness.llm.queries[0]!.systemPrompt).toContain(
      `- ${photo.uniqueId} (photo) - ${photo.description}`,
    );
    const sent = harness.messages(chat).filter((message) => message.isAgent);
    expect(sent.map((message) => message.parts)).toEqual([
      [{ kind: 'media', mediaKind: 'photo', uniqueId: photo.uniqueId, description: photo.description }],
    ]);
    const media = harness.nodes(chat).filter((node) => node.kind === 'send_media');
    expect(media.map((node) => [node.status, node.retries])).toEqual([
      ['done', 0],
      ['failed', 0],
    ]);
    expect(media[1]!.lastError).toBe('The agent has no media with unique id "AgADnope" in its library.');
  });

  it('waits twice the sticker delay before a photo, and in a group replies with it to the trigger', async () => {
    harness = new EngineHarness({
      instructions: MEDIA_INSTRUCTIONS,
      engine: { stickerDelaySeconds: 3, startTypingDelaySeconds: 0 },
    });
    const photo = HARNESS_MEDIA[0]!;
    const group = harness.groupChat(['Kim']);
    harness.llm.reply([{ kind: 'send_media', unique_id: photo.uniqueId }]);
    const trigger = harness.say(group, `${harness.mention} any photos from the trip?`, {
      as: group.personIds[0]!,
    });
    // Step until the turn has run, so the wait is measured from the plan, not from the message.
    for (let step = 0; step < 40 && harness.llm.queries.length === 0; step++) await harness.advance(250);
    expect(harness.llm.queries).toHaveLength(1);
    const wait = harness.nodes(group).find((node) => node.kind === 'wait' && node.params.typing);
    expect(wait?.params.delay).toBe(6);
    await harness.advance(5_500);
    expect(harness.agentTexts(group)).toEqual([]);

    await harness.advance(1_000);
    const sent = harness.messages(group).filter((message) => message.isAgent);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ replyToMessageId: trigger.messageId });
    expect(sent[0]!.parts[0]).toMatchObject({ kind: 'media', uniqueId: photo.uniqueId });
  });

  it('leaves the media library out of the prompt when send_media is not enabled', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const listMedia = vi.spyOn(harness.simulator, 'listMedia');
    const chat = harness.directChat();
    harness.llm.reply([{ kind: 'send_media', unique_id: HARNESS_MEDIA[0]!.uniqueId }]);
    harness.say(chat, 'show me the view');
    await harness.advance(6_000);
    expect(harness.llm.queries[0]!.systemPrompt).not.toContain('# Media You May Send');
    expect(listMedia).not.toHaveBeenCalled();
    expect(harness.agentTexts(chat)).toEqual([]);
  });

  it('ignores a send with empty text', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = harness.directChat();
    harness.llm.reply([{ kind: 'send', text: '   ' }]);
    harness.say(chat, 'hello');
    await harness.advance(6_000);
    expect(harness.agentTexts(chat)).toEqual([]);
    expect(harness.nodes(chat).find((node) => node.kind === 'send')).toMatchObject({ status: 'done' });
  });

  it('reacts to a message', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = harness.directChat();
    const said = harness.say(chat, 'good news!');
    harness.llm.reply([{ kind: 'react', emoji: '🎉', message_id: said.messageId }]);
    await harness.advance(6_000);
    expect(harness.messages(chat)[0]!.reactions).toMatchObject([{ emoji: '🎉' }]);
  });

  it('blocks in a direct chat but refuses to in a group', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = harness.directChat();
    harness.llm.reply([{ kind: 'block' }]);
    harness.say(chat, 'rude words');
    await harness.advance(6_000);
    expect(await harness.simulator.isBlocked('Ada', chat.personIds[0]!)).toBe(true);

    const group = harness.groupChat(['Kim']);
    harness.llm.reply([{ kind: 'block' }]);
    harness.say(group, `${harness.mention} hi`, { as: group.personIds[0]! });
    await harness.advance(6_000);
    expect(harness.nodes(group).find((node) => node.kind === 'block')).toMatchObject({
      status: 'failed',
      lastError: 'block works only in a direct chat, and this conversation is a group.',
    });
  });

  it('clears a direct conversation for both sides', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = harness.directChat();
    harness.llm.reply([{ kind: 'clear-conversation' }]);
    harness.say(chat, 'forget this');
    await harness.advance(6_000);
    expect(harness.messages(chat)).toEqual([]);
  });

  it('wakes another conversation of the agent with xsend, even a gagged one', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const here = harness.directChat('Pat');
    const there = harness.directChat('Sam');
    harness.engine.updateParameters(harness.conversation(there), { gaggedOverride: true });
    harness.llm.reply([{ kind: 'xsend', target_channel_id: there.channelId, intent: 'Tell Sam the news' }]);
    harness.llm.reply([{ kind: 'send', text: 'Sam, big news!' }]);
    harness.say(here, 'tell Sam I got the job');
    await harness.advance(6_000);
    expect(harness.agentTexts(there)).toEqual(['Sam, big news!']);
    expect(turnContextOf(harness.llm.queries[1]!)).toContain('Tell Sam the news');
  });

  it('in a group, replies to the message that called the agent', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const group = harness.groupChat(['Kim', 'Lou']);
    harness.llm.reply([{ kind: 'send', text: 'Yes, Kim?' }]);
    const callout = harness.say(group, `hey ${harness.mention}`, { as: group.personIds[0]! });
    await harness.advance(1_000);
    const reply = harness.messages(group).find((message) => message.isAgent)!;
    expect(reply.replyToMessageId).toBe(callout.messageId);
  });
});
