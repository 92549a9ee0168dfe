import { Api } from 'telegram';
import { toTlLong } from '../big-numbers';
import { channelBook, channelView } from '../channel-book';
import type { CallContext, MethodTable } from '../method-table';
import { birthdayOf } from '../profile-book';
import { badRequest } from '../rpc-failure';
import type { PeerRef, UserRecord } from '../store';
import type { MethodDeps } from './deps';

/** users.*, contacts.* and per-chat notification settings. */
export function registerPeopleMethods(table: MethodTable, deps: MethodDeps): void {
  const { store, views, inputs } = deps;

  table.on(Api.users.GetUsers, (request, context) => {
    const me = context.me();
    return request.id.map((input) => {
      try {
        return views.user(inputs.user(me, input), me.id);
      } catch {
        return new Api.UserEmpty({ id: input instanceof Api.InputUser ? input.userId : toTlLong(0n) });
      }
    });
  });

  table.on(Api.users.GetFullUser, (request, context) => {
    const me = context.me();
    const user = inputs.user(me, request.id);
    const peer: PeerRef = { kind: 'user', id: user.id };
    return new Api.users.UserFull({
      fullUser: new Api.UserFull({
        id: toTlLong(user.id),
        about: user.about ?? undefined,
        settings: new Api.PeerSettings({}),
        notifySettings: views.notifySettings(me.id, peer),
        commonChatsCount: commonChats(deps, me, user),
        blocked: store.isBlocked(me.id, user.id),
        ...birthdayField(store, user.id),
        ...(user.photoId !== undefined && store.photos.has(user.photoId)
          ? { profilePhoto: views.photo(store.photos.get(user.photoId)!) }
          : {}),
      }),
      chats: [],
      users: [views.user(user, me.id)],
    });
  });

  table.on(Api.contacts.ResolveUsername, (request, context) => {
    const me = context.me();
    const user = store.userByUsername(request.username);
    const channel = user ? undefined : channelBook(store).byUsername(request.username);
    if (channel) {
      return new Api.contacts.ResolvedPeer({
        peer: new Api.PeerChannel({ channelId: toTlLong(channel.id) }),
        chats: [channelView(store, channel, me.id, deps.dc.id)],
        users: [],
      });
    }
    if (!user) throw badRequest('USERNAME_NOT_OCCUPIED');
    return new Api.contacts.ResolvedPeer({
      peer: new Api.PeerUser({ userId: toTlLong(user.id) }),
      chats: [],
      users: [views.user(user, me.id)],
    });
  });

  table.on(Api.contacts.ResolvePhone, (request, context) => {
    const me = context.me();
    const user = store.userByPhone(request.phone.replace(/\D/g, ''));
    if (!user) throw badRequest('PHONE_NOT_OCCUPIED');
    return new Api.contacts.ResolvedPeer({
      peer: new Api.PeerUser({ userId: toTlLong(user.id) }),
      chats: [],
      users: [views.user(user, me.id)],
    });
  });

  table.on(Api.contacts.GetContacts, (_request, context) => {
    const me = context.me();
    const ids = [...(store.contacts.get(me.id) ?? [])];
    return new Api.contacts.Contacts({
      contacts: ids.map(
        (id) => new Api.Contact({ userId: toTlLong(id), mutual: store.isContact(id, me.id) }),
      ),
      savedCount: 0,
      users: ids.map((id) => views.userById(id, me.id)),
    });
  });

  const setBlocked = (context: CallContext, input: unknown, blocked: boolean) => {
    const me = context.me();
    store.setBlocked(me.id, inputs.user(me, input).id, blocked);
    return true;
  };
  table.on(Api.contacts.Block, (request, context) => setBlocked(context, request.id, true));
  table.on(Api.contacts.Unblock, (request, context) => setBlocked(context, request.id, false));

  table.on(Api.contacts.GetBlocked, (request, context) => {
    const me = context.me();
    const all = [...(store.blocked.get(me.id) ?? new Map<bigint, number>())];
    const page = all.slice(request.offset, request.offset + request.limit);
    const blocked = page.map(
      ([id, date]) => new Api.PeerBlocked({ peerId: new Api.PeerUser({ userId: toTlLong(id) }), date }),
    );
    const users = page.map(([id]) => views.userById(id, me.id));
    return page.length === all.length
      ? new Api.contacts.Blocked({ blocked, chats: [], users })
      : new Api.contacts.BlockedSlice({ count: all.length, blocked, chats: [], users });
  });

  /** A chat's settings: a channel's are kept with the channels. */
  const notifyRecord = (me: UserRecord, peer: Api.TypeInputPeer) =>
    peer instanceof Api.InputPeerChannel
      ? channelBook(store).notifySettings(me.id, channelBook(store).fromInput(peer).id)
      : store.notifySettings(me.id, inputs.peer(me, peer));

  table.on(Api.account.GetNotifySettings, (request, context) => {
    const me = context.me();
    if (!(request.peer instanceof Api.InputNotifyPeer)) return new Api.PeerNotifySettings({ muteUntil: 0 });
    const { muteUntil, silent, showPreviews } = notifyRecord(me, request.peer.peer);
    return new Api.PeerNotifySettings({ muteUntil, silent, showPreviews });
  });

  table.on(Api.account.UpdateNotifySettings, (request, context) => {
    const me = context.me();
    if (!(request.peer instanceof Api.InputNotifyPeer)) return true;
    const settings = notifyRecord(me, request.peer.peer);
    const { muteUntil, silent, showPreviews } = request.settings;
    if (muteUntil !== undefined) settings.muteUntil = muteUntil;
    if (silent !== undefined) settings.silent = silent;
    if (showPreviews !== undefined) settings.showPreviews = showPreviews;
    return true;
  });
}

function commonChats({ store }: MethodDeps, a: UserRecord, b: UserRecord): number {
  let count = 0;
  for (const chat of store.chats.values())
    if (chat.memberIds.includes(a.id) && chat.memberIds.includes(b.id)) count += 1;
  return count;
}

function birthdayField(store: MethodDeps['store'], userId: bigint): { birthday?: Api.Birthday } {
  const birthday = birthdayOf(store, userId);
  if (!birthday) return {};
  return {
    birthday: new Api.Birthday({
      day: birthday.day,
      month: birthday.month,
      ...(birthday.year === null ? {} : { year: birthday.year }),
    }),
  };
}
