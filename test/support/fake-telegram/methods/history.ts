import { Api } from 'telegram';
import { fromTlLong, toTlLong } from '../big-numbers';
import type { MethodTable } from '../method-table';
import { badRequest } from '../rpc-failure';
import type { DialogRecord, MessageCopy } from '../store';
import { channelDialogs } from './channels';
import type { MethodDeps } from './deps';
import { page } from './history-paging';

/** Reading: dialogs, history, single messages, unread mentions and reactions, group details. */
export function registerHistoryMethods(table: MethodTable, deps: MethodDeps): void {
  const { store, views, inputs, messaging } = deps;

  const dialogView = (ownerId: bigint, dialog: DialogRecord) => {
    const summary = messaging.dialogSummary(ownerId, dialog);
    return new Api.Dialog({
      peer: views.peer(dialog.peer),
      topMessage: summary.topMessage,
      readInboxMaxId: summary.readInboxMaxId,
      readOutboxMaxId: summary.readOutboxMaxId,
      unreadCount: summary.unreadCount,
      unreadMentionsCount: summary.unreadMentionsCount,
      unreadReactionsCount: summary.unreadReactionsCount,
      unreadMark: summary.unreadMark,
      notifySettings: views.notifySettings(ownerId, dialog.peer),
    });
  };

  /** Dialogs with the messages they show and the entities those need. */
  const dialogsPayload = (ownerId: bigint, dialogs: readonly DialogRecord[]) => {
    const tops: MessageCopy[] = [];
    for (const dialog of dialogs) {
      const top = store.copiesIn(ownerId, dialog.peer).at(-1);
      if (top) tops.push(top);
    }
    return {
      dialogs: dialogs.map((dialog) => dialogView(ownerId, dialog)),
      messages: tops.map((copy) => views.message(copy)),
      ...views.entitiesOf(
        tops,
        ownerId,
        dialogs.map((dialog) => dialog.peer),
      ),
    };
  };

  const messagesAnswer = (viewerId: bigint, all: readonly MessageCopy[], shown: readonly MessageCopy[]) => {
    const payload = {
      messages: shown.map((copy) => views.message(copy)),
      ...views.entitiesOf(shown, viewerId),
    };
    return shown.length === all.length
      ? new Api.messages.Messages(payload)
      : new Api.messages.MessagesSlice({ count: all.length, ...payload });
  };

  table.on(Api.messages.GetDialogs, (request, context) => {
    const me = context.me();
    const box = store.mailbox(me.id);
    const topOf = (dialog: DialogRecord) => store.copiesIn(me.id, dialog.peer).at(-1);
    // Mailbox ids grow with time, so the top message id orders dialogs newest first.
    const ordered = [...box.dialogs.values()].sort((a, b) => (topOf(b)?.id ?? 0) - (topOf(a)?.id ?? 0));
    const afterOffset = ordered.filter((dialog) => {
      const top = topOf(dialog);
      if (request.offsetId > 0 && !(top && top.id < request.offsetId)) return false;
      return !(request.offsetDate > 0 && top && top.logical.date > request.offsetDate);
    });
    const page = afterOffset.slice(0, Math.max(0, request.limit));
    const payload = dialogsPayload(me.id, page);
    // Channels follow the chats, on the page where those end.
    const channels = channelDialogs(deps, me);
    if (page.length === afterOffset.length) {
      const room = Math.max(0, request.limit - page.length);
      const shown = channels.dialogs.slice(0, room);
      payload.dialogs.push(...shown);
      payload.chats.push(...channels.chats.slice(0, room));
      const topIds = new Set(
        shown.map((dialog) => `${(dialog.peer as Api.PeerChannel).channelId}:${dialog.topMessage}`),
      );
      payload.messages.push(
        ...channels.messages.filter((message) =>
          topIds.has(`${(message.peerId as Api.PeerChannel).channelId}:${message.id}`),
        ),
      );
      payload.users.push(...channels.users);
    }
    const count = ordered.length + channels.dialogs.length;
    return payload.dialogs.length === count
      ? new Api.messages.Dialogs(payload)
      : new Api.messages.DialogsSlice({ count, ...payload });
  });

  table.on(Api.messages.GetPeerDialogs, (request, context) => {
    const me = context.me();
    const dialogs = request.peers.map((input) => {
      if (!(input instanceof Api.InputDialogPeer)) throw badRequest('PEER_ID_INVALID');
      return store.dialog(me.id, inputs.peer(me, input.peer));
    });
    const box = store.mailbox(me.id);
    return new Api.messages.PeerDialogs({
      ...dialogsPayload(me.id, dialogs),
      state: new Api.updates.State({ pts: box.pts, qts: 0, date: now(), seq: 0, unreadCount: 0 }),
    });
  });

  table.on(Api.messages.GetHistory, (request, context) => {
    const me = context.me();
    const copies = store.copiesIn(me.id, inputs.peer(me, request.peer)).reverse();
    return messagesAnswer(me.id, copies, page(copies, request));
  });

  table.on(Api.messages.GetUnreadMentions, (request, context) => {
    const me = context.me();
    const copies = store
      .copiesIn(me.id, inputs.peer(me, request.peer))
      .filter((copy) => copy.mentionUnread)
      .reverse();
    return messagesAnswer(me.id, copies, page(copies, request));
  });

  table.on(Api.messages.GetUnreadReactions, (request, context) => {
    const me = context.me();
    const copies = store
      .copiesIn(me.id, inputs.peer(me, request.peer))
      .filter((copy) => copy.out && copy.logical.reactions.some((reaction) => reaction.unread))
      .reverse();
    return messagesAnswer(me.id, copies, page(copies, request));
  });

  table.on(Api.messages.GetMessages, (request, context) => {
    const me = context.me();
    const box = store.mailbox(me.id);
    const found: MessageCopy[] = [];
    const messages = request.id.map((input) => {
      const copy = input instanceof Api.InputMessageID ? box.messages.get(input.id) : undefined;
      if (!copy) return new Api.MessageEmpty({ id: input instanceof Api.InputMessageID ? input.id : 0 });
      found.push(copy);
      return views.message(copy);
    });
    return new Api.messages.Messages({ messages, ...views.entitiesOf(found, me.id) });
  });

  table.on(Api.messages.GetFullChat, (request, context) => {
    const me = context.me();
    const chat = store.chats.get(fromTlLong(request.chatId));
    if (!chat?.memberIds.includes(me.id)) throw badRequest('CHAT_ID_INVALID');
    const participants = chat.memberIds.map((userId) =>
      userId === chat.creatorId
        ? new Api.ChatParticipantCreator({ userId: toTlLong(userId) })
        : new Api.ChatParticipant({
            userId: toTlLong(userId),
            inviterId: toTlLong(chat.creatorId),
            date: chat.date,
          }),
    );
    return new Api.messages.ChatFull({
      fullChat: new Api.ChatFull({
        id: toTlLong(chat.id),
        about: '',
        participants: new Api.ChatParticipants({ chatId: toTlLong(chat.id), participants, version: 1 }),
        notifySettings: views.notifySettings(me.id, { kind: 'chat', id: chat.id }),
      }),
      ...views.entities(chat.memberIds, [chat.id], me.id),
    });
  });
}

const now = () => Math.floor(Date.now() / 1000);
