import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../src/renderer/api/errors';
import { conversationSelectors } from '../../src/renderer/features/conversations/selectors';
import { settle } from './support/fake-runtime';
import { AGENT, setUp, view } from './support/playground-fixture';

describe('playground store: chats', () => {
  it("lists the selected agent's Simulator chats, newest activity first and new empty chats on top", async () => {
    const { runtime, store } = setUp();
    const ada = runtime.seedChat(AGENT, 'direct', [{ firstName: 'Ada' }]);
    const group = runtime.seedChat(AGENT, 'group', [{ firstName: 'Bo' }, { firstName: 'Cy' }], 'Book club');
    runtime.agentSays(AGENT, ada.info.channelId, 'Hello Ada');
    runtime.agentSays(AGENT, group.info.channelId, 'Hello club');
    const empty = runtime.seedChat(AGENT, 'direct', [{ firstName: 'Dee' }]);

    store.getState().actions.selectAgent(AGENT);
    await settle();

    expect(runtime.callsOf('conversations.list')).toEqual([{ agent: AGENT, network: 'simulator' }]);
    expect(conversationSelectors.sortedChats(store.getState()).map((chat) => chat.title)).toEqual([
      'Dee',
      'Book club',
      'Ada',
    ]);
    expect(empty.info.kind).toBe('direct');
  });

  it('creates a direct chat with one person and a group with several, ready to write in', async () => {
    const { store } = setUp();
    store.getState().actions.selectAgent(AGENT);
    await settle();

    const direct = await store.getState().actions.createChat({
      kind: 'direct',
      people: [{ firstName: 'Ada', lastName: 'Lovelace', username: 'ada_l' }],
    });
    const group = await store.getState().actions.createChat({
      kind: 'group',
      title: 'Book club',
      people: [{ firstName: 'Bo' }, { firstName: 'Cy' }],
    });

    expect(direct.chat).toMatchObject({ kind: 'direct', title: 'Ada Lovelace', username: 'ada_l' });
    expect(group.people.map((person) => person.firstName)).toEqual(['Bo', 'Cy']);
    // Both are new and empty, so both sit on top of the list.
    expect(conversationSelectors.sortedChats(store.getState()).map((chat) => chat.title)).toEqual([
      'Ada Lovelace',
      'Book club',
    ]);
    // The composer writes as the first person until the operator picks another.
    expect(view(store, group.chat.channelId).composer.personId).toBe(group.people[0]!.id);
  });

  it("reports the API's validation messages by field when a chat cannot be created", async () => {
    const { store } = setUp();
    store.getState().actions.selectAgent(AGENT);

    const twoPeople = await store
      .getState()
      .actions.createChat({ kind: 'direct', people: [{ firstName: 'Ada' }, { firstName: 'Bo' }] })
      .catch((error: unknown) => error);
    const badUsername = await store
      .getState()
      .actions.createChat({ kind: 'direct', people: [{ firstName: 'Ada', username: 'a!' }] })
      .catch((error: unknown) => error);

    expect(fieldErrors(twoPeople).people).toBe('A direct chat has exactly one person.');
    expect(fieldErrors(badUsername)['people.0.username']).toBe(
      'A username has 4 to 32 letters, digits or underscores and starts with a letter.',
    );
  });
});
