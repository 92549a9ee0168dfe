import { Api, helpers, type TelegramClient } from 'telegram';
import { describe, expect, it } from 'vitest';
import { withTimeout } from '../../support/fake-telegram';
import { inputPeer, loggedInClient, STEP_MS, TEST_TIMEOUT_MS, useFakeTelegram } from './fixture';

/** The rest of the surface a GramJS MessagingPort uses, one call at a time. */
describe('fake Telegram: the methods an adapter calls', () => {
  const fake = useFakeTelegram();

  function people() {
    const agent = fake().createUser({ phone: '+1 555 040 0001', firstName: 'Agent', username: 'agent_m' });
    const alice = fake().createUser({ phone: '+1 555 040 0002', firstName: 'Alice', username: 'alice_m' });
    const bob = fake().createUser({ phone: '+1 555 040 0003', firstName: 'Bob', premium: true });
    return { agent, alice, bob };
  }

  const call = <R extends Api.AnyRequest>(client: TelegramClient, request: R) =>
    withTimeout(client.invoke(request), STEP_MS, request.className);

  const historyQuery = { offsetId: 0, addOffset: 0, limit: 20, maxId: 0, minId: 0 };

  it('resolves usernames and describes users, contacts and the blocklist', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { agent, alice, bob } = people();
    const carol = fake().createUser({ phone: '+1 555 040 0004', firstName: 'Carol' });
    fake().addContact(agent.id, alice.id);
    const client = await loggedInClient(fake(), agent);

    const resolved = await call(client, new Api.contacts.ResolveUsername({ username: 'alice_m' }));
    expect(resolved.users[0]).toMatchObject({ firstName: 'Alice', contact: true, phone: alice.phone });
    await expect(
      call(client, new Api.contacts.ResolveUsername({ username: 'nobody_here' })),
    ).rejects.toMatchObject({
      errorMessage: 'USERNAME_NOT_OCCUPIED',
    });

    const [bobUser] = await call(
      client,
      new Api.users.GetUsers({
        id: [
          new Api.InputUser({
            userId: helpers.returnBigInt(bob.id),
            accessHash: helpers.returnBigInt(bob.accessHash),
          }),
        ],
      }),
    );
    expect(bobUser).toMatchObject({ premium: true, phone: null });

    const contacts = await call(client, new Api.contacts.GetContacts({ hash: helpers.returnBigInt(0) }));
    expect(contacts).toMatchObject({ className: 'contacts.Contacts', savedCount: 0 });
    expect((contacts as Api.contacts.Contacts).users.map((user) => (user as Api.User).firstName)).toEqual([
      'Alice',
    ]);

    for (const user of [alice, bob, carol])
      await call(client, new Api.contacts.Block({ id: inputPeer(user) }));
    const firstPage = await call(client, new Api.contacts.GetBlocked({ offset: 0, limit: 2 }));
    expect(firstPage).toMatchObject({ className: 'contacts.BlockedSlice', count: 3 });
    await call(client, new Api.contacts.Unblock({ id: inputPeer(bob) }));
    const all = await call(client, new Api.contacts.GetBlocked({ offset: 0, limit: 10 }));
    expect(all.blocked.map((entry) => (entry.peerId as Api.PeerUser).userId.toString())).toEqual([
      alice.id.toString(),
      carol.id.toString(),
    ]);

    const full = await call(
      client,
      new Api.users.GetFullUser({
        id: new Api.InputUser({
          userId: helpers.returnBigInt(alice.id),
          accessHash: helpers.returnBigInt(alice.accessHash),
        }),
      }),
    );
    expect(full.fullUser).toMatchObject({ blocked: true, commonChatsCount: 0 });
  });

  it('mutes a chat through notify settings', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { agent, alice } = people();
    const client = await loggedInClient(fake(), agent);
    const peer = new Api.InputNotifyPeer({ peer: inputPeer(alice) });
    await call(
      client,
      new Api.account.UpdateNotifySettings({
        peer,
        settings: new Api.InputPeerNotifySettings({ muteUntil: 2_000_000_000 }),
      }),
    );
    expect(fake().muteUntil(agent.id, alice.id)).toBe(2_000_000_000);
    expect(await call(client, new Api.account.GetNotifySettings({ peer }))).toMatchObject({
      muteUntil: 2_000_000_000,
    });
  });

  it('describes a group and tracks its unread mentions until they are read', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { agent, alice, bob } = people();
    const group = fake().createGroup({
      title: 'Book club',
      creatorId: alice.id,
      memberIds: [agent.id, bob.id],
    });
    const mine = fake().groupSays(agent.id, group.id, 'I liked it');
    const reply = fake().groupSays(bob.id, group.id, 'why?', { replyTo: mine });
    fake().groupSays(alice.id, group.id, 'same');
    const client = await loggedInClient(fake(), agent);
    const chatPeer = new Api.InputPeerChat({ chatId: helpers.returnBigInt(group.id) });

    const full = await call(client, new Api.messages.GetFullChat({ chatId: helpers.returnBigInt(group.id) }));
    expect((full.fullChat as Api.ChatFull).participants).toMatchObject({ className: 'ChatParticipants' });
    expect(full.chats[0]).toMatchObject({ title: 'Book club', participantsCount: 3 });

    const dialogs = await call(
      client,
      new Api.messages.GetPeerDialogs({ peers: [new Api.InputDialogPeer({ peer: chatPeer })] }),
    );
    expect(dialogs.dialogs[0]).toMatchObject({
      unreadCount: 2,
      unreadMentionsCount: 1,
      topMessage: mine.idFor(agent.id) + 2,
    });

    const mentions = (await call(
      client,
      new Api.messages.GetUnreadMentions({ peer: chatPeer, ...historyQuery }),
    )) as Api.messages.Messages;
    expect(mentions.messages.map((message) => message.id)).toEqual([reply.idFor(agent.id)]);
    expect(mentions.messages[0]).toMatchObject({
      mentioned: true,
      replyTo: { replyToMsgId: mine.idFor(agent.id) },
    });

    await call(client, new Api.messages.ReadMentions({ peer: chatPeer }));
    expect(fake().dialog(agent.id, { chatId: group.id }).unreadMentionsCount).toBe(0);
  });

  it('reacts, and reads the reactions on its own messages', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { agent, alice } = people();
    const client = await loggedInClient(fake(), agent);
    const hers = fake().userSays(alice.id, agent.id, 'nice day');
    const mine = await withTimeout(
      client.sendMessage(inputPeer(alice), { message: 'indeed' }),
      STEP_MS,
      'send',
    );
    fake().userReacts(alice.id, { ownerId: agent.id, messageId: mine.id }, '👍');

    const unread = (await call(
      client,
      new Api.messages.GetUnreadReactions({ peer: inputPeer(alice), ...historyQuery }),
    )) as Api.messages.Messages;
    expect(unread.messages.map((message) => message.id)).toEqual([mine.id]);
    await call(client, new Api.messages.ReadReactions({ peer: inputPeer(alice) }));
    expect(fake().dialog(agent.id, alice.id).unreadReactionsCount).toBe(0);

    const reaction = [new Api.ReactionEmoji({ emoticon: '❤' })];
    const answer = await call(
      client,
      new Api.messages.SendReaction({ peer: inputPeer(alice), msgId: hers.idFor(agent.id), reaction }),
    );
    expect(answer).toMatchObject({ className: 'Updates' });
    expect(fake().messagesBetween(alice.id, agent.id)[0]?.reactions).toEqual([
      { userId: agent.id, emoji: '❤' },
    ]);
    await call(
      client,
      new Api.messages.SendReaction({ peer: inputPeer(alice), msgId: hers.idFor(agent.id) }),
    );
    expect(fake().messagesBetween(alice.id, agent.id)[0]?.reactions).toEqual([]);
  });

  it('edits and deletes its messages and clears history, for both sides', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { agent, alice } = people();
    const client = await loggedInClient(fake(), agent);
    const peer = inputPeer(alice);
    const first = await withTimeout(client.sendMessage(peer, { message: 'frist' }), STEP_MS, 'send');
    const second = await withTimeout(client.sendMessage(peer, { message: 'second' }), STEP_MS, 'send');

    await withTimeout(client.editMessage(peer, { message: first.id, text: 'first' }), STEP_MS, 'edit');
    expect(fake().messagesBetween(alice.id, agent.id)[0]).toMatchObject({ text: 'first', edited: true });
    await expect(
      withTimeout(client.editMessage(peer, { message: first.id, text: 'first' }), STEP_MS, 'edit'),
    ).rejects.toMatchObject({ errorMessage: 'MESSAGE_NOT_MODIFIED' });

    const deleted = await call(client, new Api.messages.DeleteMessages({ id: [second.id], revoke: true }));
    expect(deleted.ptsCount).toBe(1);
    expect(
      fake()
        .messagesBetween(alice.id, agent.id)
        .map((message) => message.text),
    ).toEqual(['first']);

    fake().userSays(alice.id, agent.id, 'bye');
    await call(client, new Api.messages.DeleteHistory({ peer, maxId: 0, revoke: true }));
    expect(fake().messagesBetween(agent.id, alice.id)).toEqual([]);
    expect(fake().messagesBetween(alice.id, agent.id)).toEqual([]);

    const later = await withTimeout(client.sendMessage(peer, { message: 'again' }), STEP_MS, 'send');
    expect(later.id).toBeGreaterThan(second.id);
    const dialogs = [...(await withTimeout(client.getDialogs({}), STEP_MS, 'getDialogs'))];
    expect(dialogs.map((dialog) => dialog.title)).toEqual(['Alice']);
  });
});
