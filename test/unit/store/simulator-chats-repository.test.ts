import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/main/logging';
import { openStore, type Store } from '../../../src/main/store';

const CHAT = { agent: 'Ada', channelId: 9_000_000_001 };

/** A chat row is read many times per message and kept between reads: each write must show at once. */
describe('the Simulator’s chat rows', () => {
  let store: Store;

  beforeEach(() => {
    store = openStore({ file: ':memory:', logger: createLogger({ level: 'silent' }) });
    store.simulator.chats.insert({
      ...CHAT,
      kind: 'direct',
      title: null,
      createdAt: '2026-11-20T10:00:00.000Z',
    });
  });
  afterEach(() => store.close());

  const chat = () => store.simulator.chats.get(CHAT);

  it('shows each write made after a read', () => {
    expect(chat()).toMatchObject({ last_message_id: 0, agent_read_up_to: 0, people_read_up_to: 0, muted: 0 });
    expect(store.simulator.chats.claimMessageId(CHAT)).toBe(1);
    expect(chat()).toMatchObject({ last_message_id: 1 });
    store.simulator.chats.setPeopleReadUpTo(CHAT, 1);
    expect(chat()).toMatchObject({ people_read_up_to: 1 });
    store.simulator.chats.setMuted(CHAT, true);
    expect(chat()).toMatchObject({ muted: 1 });
    store.simulator.messages.markAgentRead(CHAT, {
      upToMessageId: 1,
      clearMentions: false,
      clearReactions: false,
    });
    expect(chat()).toMatchObject({ agent_read_up_to: 1 });
  });

  it('shows a cleared history’s read position, and members who joined or left with their agent', () => {
    store.simulator.chats.claimMessageId(CHAT);
    expect(chat()).toMatchObject({ agent_read_up_to: 0 });
    store.simulator.messages.clearHistory(CHAT, {
      forPeopleToo: false,
      revoke: false,
      clearedAt: '2026-11-20T10:05:00.000Z',
    });
    expect(chat()).toMatchObject({ agent_read_up_to: 1 });

    const pat = 9_000_000_101;
    store.simulator.people.insert({
      id: pat,
      agent: 'Ada',
      firstName: 'Pat',
      lastName: null,
      username: null,
      bio: null,
      createdAt: '2026-11-20T10:00:00.000Z',
    });
    store.simulator.chats.addMember(CHAT, pat);
    expect(store.simulator.chats.members(CHAT).map((member) => member.first_name)).toEqual(['Pat']);
    store.agentRows.delete('Ada');
    expect(store.simulator.chats.members(CHAT)).toEqual([]);
  });

  it('hands out copies: changing one read changes nothing the next one sees', () => {
    const first = chat()!;
    first.muted = 1;
    expect(chat()).toMatchObject({ muted: 0 });
  });

  it('shows what a rolled-back transaction left, and nothing of an agent whose rows are gone', () => {
    expect(() =>
      store.transaction(() => {
        store.simulator.chats.claimMessageId(CHAT);
        expect(chat()).toMatchObject({ last_message_id: 1 });
        throw new Error('the send failed');
      }),
    ).toThrow('the send failed');
    expect(chat()).toMatchObject({ last_message_id: 0 });

    store.agentRows.delete('Ada');
    expect(chat()).toBeUndefined();
  });
});
