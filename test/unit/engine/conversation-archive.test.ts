import { afterEach, describe, expect, it } from 'vitest';
import { EngineHarness, type HarnessChat } from '../../support/engine-harness';

describe('the conversation archive, written by the engine', () => {
  let harness: EngineHarness;

  afterEach(async () => {
    await harness.close();
  });

  const archived = (chat: HarnessChat) =>
    harness.store.archive
      .page(harness.conversation(chat), { limit: 100 })
      .map(({ messageId, isAgent, text, deletedAt, editedAt }) => ({
        messageId,
        isAgent,
        text,
        deletedAt,
        editedAt,
      }));

  it("keeps both sides of a conversation: the person's message on arrival, the agent's with its send", async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = harness.directChat();
    harness.llm.hang();
    const hello = harness.say(chat, 'The lighthouse keeper waved at me');
    await harness.advance(6_000);
    // Archived before the turn has an answer from the model.
    expect(archived(chat).map((message) => message.text)).toEqual(['The lighthouse keeper waved at me']);

    await harness.restart();
    harness.llm.reply([{ kind: 'send', text: 'Did you wave back?' }]);
    await harness.advance(6_000);
    expect(archived(chat)).toEqual([
      {
        messageId: hello.messageId,
        isAgent: false,
        text: 'The lighthouse keeper waved at me',
        deletedAt: null,
        editedAt: null,
      },
      {
        messageId: hello.messageId + 1,
        isAgent: true,
        text: 'Did you wave back?',
        deletedAt: null,
        editedAt: null,
      },
    ]);
    const found = harness.store.archiveRecall.search(harness.conversation(chat), {
      index: 'words',
      expression: '"lighthouse"',
      limit: 5,
    });
    expect(found.map((match) => match.message.messageId)).toEqual([hello.messageId]);
  });

  it("keeps what the agent's message replies to", async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = harness.directChat();
    const question = harness.say(chat, 'which one should I read first?');
    harness.llm.reply([{ kind: 'send', text: 'The Christie.', reply_to: question.messageId }]);
    await harness.advance(6_000);
    const [, answer] = harness.store.archive.page(harness.conversation(chat), { limit: 10 });
    expect(answer).toMatchObject({ isAgent: true, text: 'The Christie.', replyTo: question.messageId });
  });

  it('follows edits and keeps deleted messages, marked', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = harness.directChat();
    const personId = chat.personIds[0]!;
    const first = harness.say(chat, 'meet me at the harbour');
    const second = harness.say(chat, 'bring the map');
    await harness.advance(6_000);
    harness.simulator.editAsPerson(
      'Ada',
      chat.channelId,
      personId,
      first.messageId,
      'meet me at the station',
    );
    harness.simulator.deleteAsPerson('Ada', chat.channelId, personId, [second.messageId]);
    await harness.advance(100);
    const rows = archived(chat);
    expect(rows[0]).toMatchObject({ text: 'meet me at the station', editedAt: expect.any(String) });
    expect(rows[1]).toMatchObject({ text: 'bring the map', deletedAt: expect.any(String) });
  });

  it('archives what arrived while the engine was stopped with the next turn', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = harness.directChat();
    await harness.engine.stop();
    harness.say(chat, 'are you awake?');
    expect(archived(chat)).toEqual([]);
    harness.llm.reply([{ kind: 'send', text: 'I am now.' }]);
    await harness.restart();
    await harness.advance(10_000);
    expect(archived(chat).map((message) => message.text)).toEqual(['are you awake?', 'I am now.']);
  });

  it('archives a sticker the agent sent with what its set says it shows', async () => {
    harness = new EngineHarness({
      pacing: 'off',
      stickers: [
        { setName: 'Cats', setTitle: 'Cats', name: '😺', uniqueId: 'cat-1', description: 'a grinning cat' },
      ],
    });
    const chat = harness.directChat();
    harness.llm.reply([{ kind: 'sticker', sticker_set: 'Cats', name: '😺' }]);
    harness.say(chat, 'send me something cute');
    await harness.advance(6_000);
    expect(archived(chat)[1]).toMatchObject({
      isAgent: true,
      text: 'sticker 😺 Cats a grinning cat',
    });
  });
});
