import { afterEach, describe, expect, it } from 'vitest';
import { AGENT, AGENT_ACCOUNT, SimulatorFixture } from './simulator-fixture';

describe('Simulator listUnread', () => {
  let fixture: SimulatorFixture;
  afterEach(() => fixture.close());

  function group() {
    fixture = new SimulatorFixture();
    const { chat, people } = fixture.simulator.createChat(AGENT, {
      kind: 'group',
      title: 'Book club',
      people: [{ firstName: 'Ann' }, { firstName: 'Bob' }],
    });
    return {
      simulator: fixture.simulator,
      channelId: chat.channelId,
      ann: people[0]!.id,
      bob: people[1]!.id,
    };
  }

  const unreadOf = async (channelId: number) =>
    (await fixture.simulator.listUnread(AGENT)).find((chat) => chat.channelId === channelId);

  it('lists nothing for chats where nothing happened or only the agent wrote', async () => {
    const { simulator, channelId } = group();
    expect(await simulator.listUnread(AGENT)).toEqual([]);
    await simulator.sendText(AGENT, channelId, { text: 'Hello all', replyTo: null, idempotencyKey: 'k' });
    expect(await simulator.listUnread(AGENT)).toEqual([]);
  });

  it('includes muted chats; muting is the engine’s rule to apply', async () => {
    const { simulator, channelId, ann } = group();
    simulator.setMuted(AGENT, channelId, true);
    simulator.sendAsPerson(AGENT, channelId, ann, { text: 'Anyone?' });
    expect(await unreadOf(channelId)).toMatchObject({ unreadCount: 1, mentioned: false });
  });

  it('keeps a mention waiting after a plain read, until mentions are cleared', async () => {
    const { simulator, channelId, ann } = group();
    const mention = simulator.sendAsPerson(AGENT, channelId, ann, { text: `@${AGENT_ACCOUNT.username} hi` });
    await simulator.markRead(AGENT, channelId, {
      upToMessageId: mention.messageId,
      clearMentions: false,
      clearReactions: false,
    });
    expect(await unreadOf(channelId)).toMatchObject({ unreadCount: 0, mentioned: true });
    await simulator.markRead(AGENT, channelId, {
      upToMessageId: mention.messageId,
      clearMentions: true,
      clearReactions: false,
    });
    expect(await unreadOf(channelId)).toBeUndefined();
  });

  it('does not count a mention from someone the agent blocked', async () => {
    const { simulator, channelId, bob } = group();
    await simulator.block(AGENT, bob);
    simulator.sendAsPerson(AGENT, channelId, bob, { text: `@${AGENT_ACCOUNT.username} listen to me` });
    expect(await unreadOf(channelId)).toMatchObject({ unreadCount: 1, mentioned: false });
  });

  it('counts reactions only on the agent’s own messages, each message once', async () => {
    const { simulator, channelId, ann, bob } = group();
    const annMessage = simulator.sendAsPerson(AGENT, channelId, ann, { text: 'My news' });
    await simulator.markRead(AGENT, channelId, {
      upToMessageId: annMessage.messageId,
      clearMentions: true,
      clearReactions: true,
    });
    simulator.reactAsPerson(AGENT, channelId, bob, annMessage.messageId, '👍');
    expect(await unreadOf(channelId)).toBeUndefined();

    const first = await simulator.sendText(AGENT, channelId, {
      text: 'One',
      replyTo: null,
      idempotencyKey: 'a',
    });
    const second = await simulator.sendText(AGENT, channelId, {
      text: 'Two',
      replyTo: null,
      idempotencyKey: 'b',
    });
    simulator.reactAsPerson(AGENT, channelId, ann, second.messageId, '😂');
    simulator.reactAsPerson(AGENT, channelId, bob, second.messageId, '🔥');
    simulator.reactAsPerson(AGENT, channelId, bob, first.messageId, '❤');
    expect(await unreadOf(channelId)).toMatchObject({
      unreadCount: 0,
      unreadReactionMessageIds: [first.messageId, second.messageId],
    });
  });

  it('forgets a reaction that was taken back', async () => {
    const { simulator, channelId, ann } = group();
    const sent = await simulator.sendText(AGENT, channelId, {
      text: 'Hi',
      replyTo: null,
      idempotencyKey: 'a',
    });
    simulator.reactAsPerson(AGENT, channelId, ann, sent.messageId, '👍');
    simulator.reactAsPerson(AGENT, channelId, ann, sent.messageId, null);
    expect(await unreadOf(channelId)).toBeUndefined();
  });

  it('never moves the read mark backwards', async () => {
    const { simulator, channelId, ann } = group();
    const one = simulator.sendAsPerson(AGENT, channelId, ann, { text: 'One' });
    const two = simulator.sendAsPerson(AGENT, channelId, ann, { text: 'Two' });
    const read = { clearMentions: false, clearReactions: false };
    await simulator.markRead(AGENT, channelId, { upToMessageId: two.messageId, ...read });
    await simulator.markRead(AGENT, channelId, { upToMessageId: one.messageId, ...read });
    expect(await unreadOf(channelId)).toBeUndefined();
  });

  it('lists only the agent’s own chats', async () => {
    const { simulator, channelId, ann } = group();
    simulator.sendAsPerson(AGENT, channelId, ann, { text: 'Hi' });
    expect(await simulator.listUnread('SomeoneElse')).toEqual([]);
  });
});
