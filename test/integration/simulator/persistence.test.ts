import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_SIMULATED_PERSON_ID, groupChannelId } from '../../../src/main/simulator';
import { AGENT, SimulatorFixture } from './simulator-fixture';

describe('Simulator persistence across a restart', () => {
  let fixture: SimulatorFixture;
  afterEach(() => fixture.close());

  it('hands out people and group ids from their reserved ranges, never twice', () => {
    fixture = new SimulatorFixture();
    const direct = fixture.simulator.createChat(AGENT, { kind: 'direct', people: [{ firstName: 'Ann' }] });
    const group = fixture.simulator.createChat(AGENT, {
      kind: 'group',
      title: 'Walkers',
      people: [{ firstName: 'Bob' }],
    });
    expect(direct.chat.channelId).toBe(FIRST_SIMULATED_PERSON_ID);
    expect(direct.people[0]!.id).toBe(FIRST_SIMULATED_PERSON_ID);
    expect(group.people[0]!.id).toBe(FIRST_SIMULATED_PERSON_ID + 1);
    expect(group.chat.channelId).toBe(-1009000000001);
    expect(String(group.chat.channelId)).toMatch(/^-100\d{10}$/);

    const after = fixture.reopen().createChat(AGENT, {
      kind: 'group',
      title: 'Runners',
      people: [{ firstName: 'Carla' }],
    });
    expect(after.people[0]!.id).toBe(FIRST_SIMULATED_PERSON_ID + 2);
    expect(after.chat.channelId).toBe(groupChannelId(9_000_000_002));
  });

  it('keeps chats, people, messages, reactions, mute and blocks, and message ids keep increasing', async () => {
    fixture = new SimulatorFixture();
    const simulator = fixture.simulator;
    const { chat, people } = simulator.createChat(AGENT, {
      kind: 'direct',
      people: [{ firstName: 'Ann', lastName: 'Reader', username: 'ann_reads', bio: 'Likes mysteries' }],
    });
    const channelId = chat.channelId;
    const personId = people[0]!.id;
    const hello = simulator.sendAsPerson(AGENT, channelId, personId, { text: 'Hello' });
    const reply = await simulator.sendText(AGENT, channelId, {
      text: 'Hi Ann',
      replyTo: hello.messageId,
      idempotencyKey: 'k1',
    });
    simulator.reactAsPerson(AGENT, channelId, personId, reply.messageId, '❤');
    simulator.setMuted(AGENT, channelId, true);

    const reopened = fixture.reopen();
    expect(reopened.chat(AGENT, channelId)).toEqual({ chat, people });
    const messages = await reopened.fetchHistory(AGENT, channelId, { limit: 10 });
    expect(messages.map((message) => message.messageId)).toEqual([hello.messageId, reply.messageId]);
    expect(messages[1]!.replyToMessageId).toBe(hello.messageId);
    expect(messages[1]!.reactions).toEqual([{ userId: personId, userName: 'Ann Reader', emoji: '❤' }]);
    expect(await reopened.isMuted(AGENT, channelId)).toBe(true);

    await reopened.block(AGENT, personId);
    expect(await fixture.reopen().isBlocked(AGENT, personId)).toBe(true);
    await fixture.simulator.unblock(AGENT, personId);

    const later = fixture.simulator.sendAsPerson(AGENT, channelId, personId, { text: 'Still there?' });
    expect(later.messageId).toBe(reply.messageId + 1);
  });

  it('remembers idempotency keys, so a resend after a restart sends nothing', async () => {
    fixture = new SimulatorFixture();
    const { chat } = fixture.simulator.createChat(AGENT, { kind: 'direct', people: [{ firstName: 'Ann' }] });
    const first = await fixture.simulator.sendText(AGENT, chat.channelId, {
      text: 'Once',
      replyTo: null,
      idempotencyKey: 'send-1',
    });

    const reopened = fixture.reopen();
    const changes: string[] = [];
    reopened.onChange((change) => changes.push(change.type));
    const again = await reopened.sendText(AGENT, chat.channelId, {
      text: 'Once',
      replyTo: null,
      idempotencyKey: 'send-1',
    });
    expect(again).toEqual({ messageId: first.messageId, duplicate: true });
    expect(changes).toEqual([]);
    expect(await reopened.fetchHistory(AGENT, chat.channelId, { limit: 10 })).toHaveLength(1);
  });

  it('keeps the agent’s read state and unread reactions', async () => {
    fixture = new SimulatorFixture();
    const simulator = fixture.simulator;
    const { chat, people } = simulator.createChat(AGENT, { kind: 'direct', people: [{ firstName: 'Ann' }] });
    const sent = await simulator.sendText(AGENT, chat.channelId, {
      text: 'Hi',
      replyTo: null,
      idempotencyKey: 'a',
    });
    simulator.reactAsPerson(AGENT, chat.channelId, people[0]!.id, sent.messageId, '👍');
    const read = simulator.sendAsPerson(AGENT, chat.channelId, people[0]!.id, { text: 'One' });
    simulator.sendAsPerson(AGENT, chat.channelId, people[0]!.id, { text: 'Two' });
    await simulator.markRead(AGENT, chat.channelId, {
      upToMessageId: read.messageId,
      clearMentions: false,
      clearReactions: false,
    });

    expect(await fixture.reopen().listUnread(AGENT)).toEqual([
      {
        channelId: chat.channelId,
        unreadCount: 1,
        mentioned: false,
        markedUnread: false,
        unreadReactionMessageIds: [sent.messageId],
        lastMessageId: read.messageId + 1,
      },
    ]);
  });
});
