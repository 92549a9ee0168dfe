import { Api } from 'telegram';
import { fromTlLong, type TlLong, toTlLong } from '../big-numbers';
import type { UpdatesByUser } from '../messaging';
import type { MethodTable } from '../method-table';
import { badRequest, forbidden } from '../rpc-failure';
import type { MessageCopy, UserRecord } from '../store';
import type { MethodDeps } from './deps';
import { resolveMedia } from './media-input';

/** Writing: send, edit, delete, react, read marks, typing, and clearing history. */
export function registerChangeMethods(table: MethodTable, deps: MethodDeps): void {
  const { store, views, inputs, messaging } = deps;

  /** The caller's view of its new message, in the shape Telegram answers a send with. */
  const sentAnswer = (me: UserRecord, copy: MessageCopy, randomId: TlLong | undefined) => {
    const box = store.mailbox(me.id);
    const { logical } = copy;
    if (copy.peer.kind === 'user' && copy.peer.id !== me.id && !logical.media) {
      return new Api.UpdateShortSentMessage({
        out: true,
        id: copy.id,
        pts: box.pts,
        ptsCount: 1,
        date: logical.date,
        entities: logical.entities.length > 0 ? logical.entities : undefined,
      });
    }
    return new Api.Updates({
      updates: [
        new Api.UpdateMessageID({ id: copy.id, randomId: randomId ?? toTlLong(0n) }),
        new Api.UpdateNewMessage({ message: views.message(copy), pts: box.pts, ptsCount: 1 }),
      ],
      ...views.entitiesOf([copy], me.id),
      date: logical.date,
      seq: 0,
    });
  };

  const replyToId = (replyTo: Api.TypeInputReplyTo | undefined) =>
    replyTo instanceof Api.InputReplyToMessage ? replyTo.replyToMsgId : null;

  /** Wraps the caller's own share of an operation's updates into its answer. */
  const ownUpdates = (me: UserRecord, byUser: UpdatesByUser) => {
    const own = byUser.get(me.id);
    return new Api.Updates({
      updates: own?.updates ?? [],
      ...views.entitiesOf(own?.copies ?? [], me.id),
      date: now(),
      seq: 0,
    });
  };

  table.on(Api.messages.SendMessage, (request, context) => {
    const me = context.me();
    if (!request.message.trim()) throw badRequest('MESSAGE_EMPTY');
    const copy = messaging.post(
      {
        senderId: me.id,
        to: inputs.peer(me, request.peer),
        text: request.message,
        entities: request.entities ?? [],
        replyToId: replyToId(request.replyTo),
        randomId: request.randomId === undefined ? null : fromTlLong(request.randomId),
      },
      { exceptAuthKey: context.authKey.id },
    );
    return sentAnswer(me, copy, request.randomId);
  });

  table.on(Api.messages.SendMedia, (request, context) => {
    const me = context.me();
    const copy = messaging.post(
      {
        senderId: me.id,
        to: inputs.peer(me, request.peer),
        text: request.message,
        entities: request.entities ?? [],
        media: resolveMedia(deps, me, request.media),
        replyToId: replyToId(request.replyTo),
        randomId: request.randomId === undefined ? null : fromTlLong(request.randomId),
      },
      { exceptAuthKey: context.authKey.id },
    );
    return sentAnswer(me, copy, request.randomId);
  });

  table.on(Api.messages.EditMessage, (request, context) => {
    const me = context.me();
    const copy = inputs.message(me, inputs.peer(me, request.peer), request.id);
    if (!copy.out) throw forbidden('MESSAGE_AUTHOR_REQUIRED');
    if (request.media) throw badRequest('MEDIA_INVALID');
    const text = request.message ?? copy.logical.text;
    const entities = request.entities ?? [];
    if (text === copy.logical.text && sameEntities(entities, copy.logical.entities)) {
      throw badRequest('MESSAGE_NOT_MODIFIED');
    }
    return ownUpdates(me, messaging.edit(copy.logical, text, entities, context.authKey.id));
  });

  table.on(Api.messages.DeleteMessages, (request, context) => {
    const me = context.me();
    const box = store.mailbox(me.id);
    const copies = request.id.flatMap((id) => box.messages.get(id) ?? []);
    for (const copy of copies) {
      const chat = copy.peer.kind === 'chat' ? store.chats.get(copy.peer.id) : undefined;
      if (request.revoke && chat && !copy.out && chat.creatorId !== me.id)
        throw forbidden('MESSAGE_DELETE_FORBIDDEN');
    }
    messaging.delete(copies, Boolean(request.revoke), context.authKey.id);
    return new Api.messages.AffectedMessages({ pts: box.pts, ptsCount: copies.length });
  });

  table.on(Api.messages.DeleteHistory, (request, context) => {
    const me = context.me();
    const result = messaging.deleteHistory(
      me.id,
      inputs.peer(me, request.peer),
      { maxId: request.maxId, justClear: Boolean(request.justClear), revoke: Boolean(request.revoke) },
      context.authKey.id,
    );
    return new Api.messages.AffectedHistory({ ...result, offset: 0 });
  });

  table.on(Api.messages.ReadHistory, (request, context) => {
    const me = context.me();
    const { pts } = messaging.readHistory(
      me.id,
      inputs.peer(me, request.peer),
      request.maxId,
      context.authKey.id,
    );
    return new Api.messages.AffectedMessages({ pts, ptsCount: 1 });
  });

  table.on(Api.messages.ReadMentions, (request, context) => {
    const me = context.me();
    return new Api.messages.AffectedHistory({
      ...messaging.readMentions(me.id, inputs.peer(me, request.peer)),
      offset: 0,
    });
  });

  table.on(Api.messages.ReadReactions, (request, context) => {
    const me = context.me();
    return new Api.messages.AffectedHistory({
      ...messaging.readReactions(me.id, inputs.peer(me, request.peer)),
      offset: 0,
    });
  });

  table.on(Api.messages.SendReaction, (request, context) => {
    const me = context.me();
    if (typeof request.msgId !== 'number') throw badRequest('MESSAGE_ID_INVALID');
    const copy = inputs.message(me, inputs.peer(me, request.peer), request.msgId);
    const emojis = (request.reaction ?? []).map((reaction) => {
      if (!(reaction instanceof Api.ReactionEmoji)) throw badRequest('REACTION_INVALID');
      return reaction.emoticon;
    });
    return ownUpdates(me, messaging.react(me.id, copy.logical, emojis, context.authKey.id));
  });

  table.on(Api.messages.SetTyping, (request, context) => {
    const me = context.me();
    messaging.typing(me.id, inputs.peer(me, request.peer), request.action);
    return true;
  });

  table.on(Api.messages.MarkDialogUnread, (request, context) => {
    const me = context.me();
    if (!(request.peer instanceof Api.InputDialogPeer)) throw badRequest('PEER_ID_INVALID');
    messaging.markUnread(
      me.id,
      inputs.peer(me, request.peer.peer),
      Boolean(request.unread),
      context.authKey.id,
    );
    return true;
  });
}

function sameEntities(a: readonly Api.TypeMessageEntity[], b: readonly Api.TypeMessageEntity[]): boolean {
  const bytes = (entities: readonly Api.TypeMessageEntity[]) =>
    Buffer.concat(entities.map((entity) => entity.getBytes()));
  return bytes(a).equals(bytes(b));
}

const now = () => Math.floor(Date.now() / 1000);
