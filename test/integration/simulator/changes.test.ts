import { afterEach, describe, expect, it } from 'vitest';
import type { InboundEvent } from '../../../src/main/messaging/port';
import type { SimulatorChange } from '../../../src/main/simulator';
import { AGENT, AGENT_ACCOUNT, SimulatorFixture } from './simulator-fixture';

describe('Simulator change stream and inbound events', () => {
  let fixture: SimulatorFixture;
  afterEach(() => fixture.close());

  function recorded() {
    fixture = new SimulatorFixture();
    const changes: SimulatorChange[] = [];
    const events: InboundEvent[] = [];
    fixture.simulator.onChange((change) => changes.push(change));
    fixture.simulator.subscribe((event) => events.push(event));
    return { simulator: fixture.simulator, changes, events };
  }

  it('reports a new chat', () => {
    const { simulator, changes } = recorded();
    const { chat } = simulator.createChat(AGENT, {
      kind: 'group',
      title: 'Walkers',
      people: [{ firstName: 'Ann' }],
    });
    expect(changes).toEqual([{ type: 'chatCreated', agent: AGENT, chat }]);
  });

  it('reports every message, the agent’s included, while inbound events carry only the people’s', async () => {
    const { simulator, changes, events } = recorded();
    const { chat, people } = simulator.createChat(AGENT, { kind: 'direct', people: [{ firstName: 'Ann' }] });
    changes.length = 0;
    const hello = simulator.sendAsPerson(AGENT, chat.channelId, people[0]!.id, { text: 'Hello' });
    const sent = await simulator.sendText(AGENT, chat.channelId, {
      text: 'Hi',
      replyTo: null,
      idempotencyKey: 'k',
    });

    const messages = changes.flatMap((change) => (change.type === 'message' ? [change.message] : []));
    expect(messages.map((message) => [message.messageId, message.isAgent])).toEqual([
      [hello.messageId, false],
      [sent.messageId, true],
    ]);
    expect(events).toEqual([{ type: 'message', agent: AGENT, message: hello }]);
  });

  it('reports edits, deletes and reactions with the message as it now is', async () => {
    const { simulator, changes } = recorded();
    const { chat, people } = simulator.createChat(AGENT, { kind: 'direct', people: [{ firstName: 'Ann' }] });
    const personId = people[0]!.id;
    const hello = simulator.sendAsPerson(AGENT, chat.channelId, personId, { text: 'Helo' });
    changes.length = 0;

    simulator.editAsPerson(AGENT, chat.channelId, personId, hello.messageId, 'Hello');
    await simulator.react(AGENT, chat.channelId, hello.messageId, '👋');
    simulator.deleteAsPerson(AGENT, chat.channelId, personId, [hello.messageId]);

    expect(changes.filter((change) => change.type !== 'activity')).toEqual([
      {
        type: 'edit',
        agent: AGENT,
        message: expect.objectContaining({
          parts: [{ kind: 'text', text: 'Hello' }],
          editedAt: expect.any(String),
        }),
      },
      {
        type: 'reaction',
        agent: AGENT,
        message: expect.objectContaining({
          reactions: [{ userId: AGENT_ACCOUNT.id, userName: AGENT_ACCOUNT.name, emoji: '👋' }],
        }),
      },
      { type: 'delete', agent: AGENT, channelId: chat.channelId, messageIds: [hello.messageId] },
    ]);
  });

  it('raises no inbound event for the agent’s own reaction', async () => {
    const { simulator, events } = recorded();
    const { chat, people } = simulator.createChat(AGENT, { kind: 'direct', people: [{ firstName: 'Ann' }] });
    const hello = simulator.sendAsPerson(AGENT, chat.channelId, people[0]!.id, { text: 'Hello' });
    events.length = 0;
    await simulator.react(AGENT, chat.channelId, hello.messageId, '👍');
    expect(events).toEqual([]);
  });

  it('reports the agent’s reads, and a person reading the agent’s messages as a read event', async () => {
    const { simulator, changes, events } = recorded();
    const { chat, people } = simulator.createChat(AGENT, { kind: 'direct', people: [{ firstName: 'Ann' }] });
    const channelId = chat.channelId;
    const personId = people[0]!.id;
    const hello = simulator.sendAsPerson(AGENT, channelId, personId, { text: 'Hello' });
    await simulator.markRead(AGENT, channelId, {
      upToMessageId: hello.messageId,
      clearMentions: true,
      clearReactions: true,
    });
    const sent = await simulator.sendText(AGENT, channelId, {
      text: 'Hi',
      replyTo: null,
      idempotencyKey: 'k',
    });
    events.length = 0;

    simulator.readAsPerson(AGENT, channelId, personId);
    simulator.readAsPerson(AGENT, channelId, personId);

    expect(changes.filter((change) => change.type === 'read')).toEqual([
      { type: 'read', agent: AGENT, channelId, reader: 'agent', upToMessageId: hello.messageId },
      { type: 'read', agent: AGENT, channelId, reader: 'people', upToMessageId: sent.messageId },
    ]);
    expect(events).toEqual([{ type: 'read', agent: AGENT, channelId, maxMessageId: sent.messageId }]);
  });

  it('treats writing as reading: the reply of a person reads the agent’s message first', async () => {
    const { simulator, events } = recorded();
    const { chat, people } = simulator.createChat(AGENT, { kind: 'direct', people: [{ firstName: 'Ann' }] });
    const sent = await simulator.sendText(AGENT, chat.channelId, {
      text: 'Hi',
      replyTo: null,
      idempotencyKey: 'k',
    });
    const reply = simulator.sendAsPerson(AGENT, chat.channelId, people[0]!.id, { text: 'Hey' });
    expect(events.map((event) => event.type)).toEqual(['read', 'message']);
    expect(events[0]).toMatchObject({ maxMessageId: reply.messageId });
    expect(reply.messageId).toBeGreaterThan(sent.messageId);
  });

  it('reports a cleared history as the deletion of what the agent saw', async () => {
    const { simulator, changes, events } = recorded();
    const { chat, people } = simulator.createChat(AGENT, { kind: 'direct', people: [{ firstName: 'Ann' }] });
    const one = simulator.sendAsPerson(AGENT, chat.channelId, people[0]!.id, { text: 'One' });
    const two = await simulator.sendText(AGENT, chat.channelId, {
      text: 'Two',
      replyTo: null,
      idempotencyKey: 'k',
    });
    events.length = 0;
    await simulator.deleteHistory(AGENT, chat.channelId, { revoke: false });
    expect(changes.at(-1)).toEqual({
      type: 'delete',
      agent: AGENT,
      channelId: chat.channelId,
      messageIds: [one.messageId, two.messageId],
    });
    expect(events).toEqual([]);
  });

  it('keeps going when a listener throws, and stops calling an unsubscribed one', () => {
    const { simulator, changes } = recorded();
    simulator.onChange(() => {
      throw new Error('listener bug');
    });
    const seen: string[] = [];
    const unsubscribe = simulator.onChange((change) => seen.push(change.type));
    simulator.createChat(AGENT, { kind: 'direct', people: [{ firstName: 'Ann' }] });
    unsubscribe();
    simulator.createChat(AGENT, { kind: 'direct', people: [{ firstName: 'Bob' }] });
    expect(seen).toEqual(['chatCreated']);
    expect(changes).toHaveLength(2);
  });
});
