import { Api, helpers } from 'telegram';
import { NewMessage, type NewMessageEvent, Raw } from 'telegram/events/index.js';
import { describe, expect, it } from 'vitest';
import { waitFor, withTimeout } from '../../support/fake-telegram';
import { inputPeer, loggedInClient, nextValue, STEP_MS, TEST_TIMEOUT_MS, useFakeTelegram } from './fixture';

describe('fake Telegram: messages and updates', () => {
  const fake = useFakeTelegram();

  function people() {
    const agent = fake().createUser({
      phone: '+1 555 010 0001',
      firstName: 'Agent',
      username: 'agent_bot_like',
    });
    const alice = fake().createUser({ phone: '+1 555 010 0002', firstName: 'Alice', username: 'alice_w' });
    return { agent, alice };
  }

  it('sends one message for two sendMessage calls with the same random_id', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { agent, alice } = people();
    const client = await loggedInClient(fake(), agent);
    const request = () =>
      new Api.messages.SendMessage({
        peer: inputPeer(alice),
        message: 'persisted before sending',
        randomId: helpers.returnBigInt(987654321n),
      });

    const first = await withTimeout(client.invoke(request()), STEP_MS, 'first send');
    const second = await withTimeout(client.invoke(request()), STEP_MS, 'resend');

    expect(first).toBeInstanceOf(Api.UpdateShortSentMessage);
    expect(second).toMatchObject({
      className: 'UpdateShortSentMessage',
      id: (first as Api.UpdateShortSentMessage).id,
    });
    expect(
      fake()
        .messagesBetween(agent.id, alice.id)
        .map((message) => message.text),
    ).toEqual(['persisted before sending']);
    expect(fake().messagesBetween(alice.id, agent.id)).toHaveLength(1);
  });

  it('delivers a message from a person to the client’s NewMessage handler', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { agent, alice } = people();
    const client = await loggedInClient(fake(), agent);
    await withTimeout(client.getMe(), STEP_MS, 'getMe');
    const received = nextValue<NewMessageEvent>(
      (callback) => client.addEventHandler(callback, new NewMessage({})),
      (event) => event.message.text === 'hello there',
    );

    const sent = fake().userSays(alice.id, agent.id, 'hello there');

    const { message } = await withTimeout(received, STEP_MS, 'the NewMessage event');
    expect(message.id).toBe(sent.idFor(agent.id));
    expect(message.senderId?.toString()).toBe(alice.id.toString());
    expect(message.out).toBe(false);
    expect((await message.getSender())?.className).toBe('User');
  });

  it('delivers updateShortMessage and group messages with mentions too', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { agent, alice } = people();
    const bob = fake().createUser({ phone: '+1 555 010 0003', firstName: 'Bob' });
    const group = fake().createGroup({
      title: 'Friends',
      creatorId: alice.id,
      memberIds: [agent.id, bob.id],
    });
    const client = await loggedInClient(fake(), agent);
    await withTimeout(client.getMe(), STEP_MS, 'getMe');
    const events: NewMessageEvent[] = [];
    client.addEventHandler((event: NewMessageEvent) => void events.push(event), new NewMessage({}));

    fake().userSays(alice.id, agent.id, 'short one', { short: true });
    const mention = fake().groupSays(bob.id, group.id, 'hey @agent_bot_like, look');
    fake().groupSays(alice.id, group.id, 'no mention here');

    await waitFor(() => events.length === 3, STEP_MS, 'three NewMessage events');
    const [short, mentioned, plain] = events.map((event) => event.message);
    expect(short?.text).toBe('short one');
    expect(mentioned?.id).toBe(mention.idFor(agent.id));
    expect(mentioned?.mentioned).toBe(true);
    expect(mentioned?.entities?.[0]).toMatchObject({
      className: 'MessageEntityMention',
      offset: 4,
      length: 15,
    });
    expect(mentioned?.chatId?.toString()).toBe(`-${group.id}`);
    expect(plain?.mentioned).toBe(false);
  });

  it('pushes edits, reactions, typing and deletes as raw updates', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { agent, alice } = people();
    const client = await loggedInClient(fake(), agent);
    await withTimeout(client.getMe(), STEP_MS, 'getMe');
    const updates: Api.TypeUpdate[] = [];
    client.addEventHandler((update: Api.TypeUpdate) => void updates.push(update), new Raw({}));
    const classes = () => updates.map((update) => update.className);

    const hers = fake().userSays(alice.id, agent.id, 'typo');
    const hersId = hers.idFor(agent.id);
    const mine = await withTimeout(
      client.sendMessage(inputPeer(alice), { message: 'mine' }),
      STEP_MS,
      'send',
    );
    fake().userEdits(alice.id, hers, 'fixed');
    fake().userReacts(alice.id, { ownerId: agent.id, messageId: mine.id }, '❤');
    fake().userTypes(alice.id, agent.id);
    fake().userDeletes(alice.id, [hers]);

    await waitFor(() => classes().includes('UpdateDeleteMessages'), STEP_MS, 'the delete update');
    expect(classes()).toEqual([
      'UpdateNewMessage',
      'UpdateEditMessage',
      'UpdateMessageReactions',
      'UpdateUserTyping',
      'UpdateDeleteMessages',
    ]);
    const [, edit, reaction, , deletion] = updates;
    expect(edit).toMatchObject({ message: { id: hersId, message: 'fixed' } });
    expect(reaction).toMatchObject({ msgId: mine.id });
    expect((reaction as Api.UpdateMessageReactions).reactions.recentReactions?.[0]).toMatchObject({
      unread: true,
    });
    expect(deletion).toMatchObject({ messages: [hersId] });
    expect(fake().dialog(agent.id, alice.id).unreadReactionsCount).toBe(1);
  });

  it('serves history newest first, paged by offset_id', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { agent, alice } = people();
    for (const text of ['one', 'two', 'three', 'four']) fake().userSays(alice.id, agent.id, text);
    const client = await loggedInClient(fake(), agent);
    await withTimeout(client.sendMessage(inputPeer(alice), { message: 'five' }), STEP_MS, 'send');

    // GramJS answers with its TotalList, an Array subclass; compare plain arrays.
    const all = [
      ...(await withTimeout(client.getMessages(inputPeer(alice), { limit: 10 }), STEP_MS, 'getMessages')),
    ];
    expect(all.map((message) => message.text)).toEqual(['five', 'four', 'three', 'two', 'one']);
    expect(all.map((message) => message.out)).toEqual([true, false, false, false, false]);

    const older = await withTimeout(
      client.invoke(
        new Api.messages.GetHistory({
          peer: inputPeer(alice),
          offsetId: all[1]?.id ?? 0,
          limit: 2,
          addOffset: 0,
          maxId: 0,
          minId: 0,
          offsetDate: 0,
          hash: helpers.returnBigInt(0),
        }),
      ),
      STEP_MS,
      'getHistory',
    );
    expect(older).toBeInstanceOf(Api.messages.MessagesSlice);
    expect((older as Api.messages.MessagesSlice).count).toBe(5);
    expect(
      (older as Api.messages.MessagesSlice).messages.map((message) => (message as Api.Message).message),
    ).toEqual(['three', 'two']);

    // A long page is answered gzip_packed, as Telegram does with large results.
    const chatter = Array.from({ length: 40 }, (_, index) => `the same kind of line, number ${index}`);
    for (const text of chatter) fake().userSays(alice.id, agent.id, text);
    const long = [
      ...(await withTimeout(client.getMessages(inputPeer(alice), { limit: 40 }), STEP_MS, 'a long page')),
    ];
    expect(long.map((message) => message.text)).toEqual(chatter.toReversed());
  });

  it('counts unread messages per dialog and tells the sender when they are read', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { agent, alice } = people();
    fake().userSays(alice.id, agent.id, 'are you there?');
    const last = fake().userSays(alice.id, agent.id, 'hello?');
    fake().setMuted(agent.id, alice.id, 2_147_483_647);
    const client = await loggedInClient(fake(), agent);

    const [dialog] = await withTimeout(client.getDialogs({}), STEP_MS, 'getDialogs');
    expect(dialog?.unreadCount).toBe(2);
    expect(dialog?.dialog.notifySettings.muteUntil).toBe(2_147_483_647);

    await withTimeout(client.markAsRead(inputPeer(alice)), STEP_MS, 'markAsRead');
    expect(fake().dialog(agent.id, alice.id).unreadCount).toBe(0);
    expect(fake().dialog(alice.id, agent.id).readOutboxMaxId).toBe(last.idFor(alice.id));
  });

  it('records typing and refuses to write to a blocked person', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { agent, alice } = people();
    const client = await loggedInClient(fake(), agent);
    await withTimeout(
      client.invoke(
        new Api.messages.SetTyping({ peer: inputPeer(alice), action: new Api.SendMessageTypingAction() }),
      ),
      STEP_MS,
      'setTyping',
    );
    expect(fake().typingLog).toEqual([
      { fromId: agent.id, to: { kind: 'user', id: alice.id }, action: 'SendMessageTypingAction' },
    ]);

    await withTimeout(client.invoke(new Api.contacts.Block({ id: inputPeer(alice) })), STEP_MS, 'block');
    expect(fake().isBlocked(agent.id, alice.id)).toBe(true);
    await expect(
      withTimeout(client.sendMessage(inputPeer(alice), { message: 'hi' }), STEP_MS, 'send'),
    ).rejects.toMatchObject({ errorMessage: 'YOU_BLOCKED_USER' });
  });
});
