import { randomBytes } from 'node:crypto';
import { Api } from 'telegram';
import type {
  FakeChat,
  FakeFile,
  FakeMessageRef,
  FakeMessageTarget,
  FakeMessageView,
  FakeTelegram,
  SayOptions,
  StartFakeTelegramOptions,
} from './api';
import { randomLong, toTlLong } from './big-numbers';
import { channelControls } from './channel-controls';
import { ChannelPosts } from './channel-posts';
import { Faults } from './faults';
import { Inputs } from './inputs';
import { LoginDesk } from './login-desk';
import { type Deliver, Messaging, type TypingRecord } from './messaging';
import { MethodTable } from './method-table';
import { registerAuthMethods } from './methods/auth';
import { registerChangeMethods } from './methods/changes';
import { registerChannelMessageMethods } from './methods/channel-messages';
import { registerChannelMethods } from './methods/channels';
import { registerContactBookMethods } from './methods/contact-book';
import type { MethodDeps } from './methods/deps';
import { registerHistoryMethods } from './methods/history';
import { registerMediaMethods } from './methods/media';
import { registerPeopleMethods } from './methods/people';
import { registerProfileMethods } from './methods/profile';
import { registerServiceMethods } from './methods/service';
import { authKeyIdOf } from './mtproto-envelope';
import { RpcRouter } from './rpc-router';
import { fakeRsaKey, trustRsaPublicKey } from './rsa-key';
import { FakeServer } from './server';
import { savedSession } from './session-string';
import { makeVerifier } from './srp';
import {
  type DocumentRecord,
  type LogicalMessage,
  type MessageCopy,
  normalizePhone,
  type PeerRef,
  type PhotoRecord,
  Store,
  type UserRecord,
} from './store';
import { UpdateLog } from './update-log';
import { Views } from './views';
import { withTimeout } from './wait';

/**
 * A fake Telegram for tests: a real MTProto server on 127.0.0.1 that an unmodified GramJS
 * TelegramClient talks to (see connectClient), backed by an in-memory Telegram that tests drive
 * directly — people who write, edit, react and type; codes and QR scans for logins; faults.
 * This module wires the parts together and implements the FakeTelegram API (api.ts) over them.
 */

const HOST = '127.0.0.1';
/** close() must never hang a test run, even on a client that will not disconnect. */
const CLEANUP_TIMEOUT_MS = 5_000;
const now = () => Math.floor(Date.now() / 1000);

export async function startFakeTelegram(options: StartFakeTelegramOptions = {}): Promise<FakeTelegram> {
  const dcId = options.dcId ?? 2;
  const log = options.log ?? ((line: string) => console.warn(`[fake-telegram] ${line}`));
  const rsa = fakeRsaKey();
  const store = new Store();
  const views = new Views(store, dcId);
  const faults = new Faults();
  const methods = new MethodTable();
  const router = new RpcRouter(methods, store, faults, log);
  const server = await FakeServer.listen(HOST, {
    store,
    rsa,
    router,
    log,
    stalled: () => faults.stalled,
    isCutOff: (userId) => faults.isCutOff(userId),
  });
  const updateLog = new UpdateLog();
  const deliver: Deliver = (userId, updates, except) =>
    server.push((key) => key.userId === userId && key.id !== except, updates);
  const typingLog: TypingRecord[] = [];
  const messaging = new Messaging(store, views, deliver, updateLog, typingLog);
  const channelPosts = new ChannelPosts(store, views, deliver, dcId, typingLog);
  const login = new LoginDesk(
    store,
    views,
    (authKeyId, updates) => server.push((key) => key.id === authKeyId, updates),
    options.qrTokenSeconds,
  );
  const deps: MethodDeps = {
    store,
    views,
    inputs: new Inputs(store),
    messaging,
    channelPosts,
    login,
    updateLog,
    dc: { id: dcId, host: HOST, port: server.port },
  };
  for (const register of [
    registerServiceMethods,
    registerAuthMethods,
    registerPeopleMethods,
    registerHistoryMethods,
    registerChangeMethods,
    registerMediaMethods,
    registerProfileMethods,
    registerContactBookMethods,
    registerChannelMethods,
    // Last: it takes over the messages.* methods above for channel peers.
    registerChannelMessageMethods,
  ]) {
    register(methods, deps);
  }
  const cleanups: (() => Promise<void>)[] = [];

  const userOf = (id: bigint): UserRecord => {
    const user = store.user(id);
    if (!user) throw new Error(`no fake user ${id}`);
    return user;
  };
  const peerOf = (chat: FakeChat): PeerRef =>
    typeof chat === 'bigint' ? { kind: 'user', id: chat } : { kind: 'chat', id: chat.chatId };
  // A ref keeps its message even after the sender's own copy is deleted.
  const refs = new WeakMap<FakeMessageRef, LogicalMessage>();
  const logicalOf = (target: FakeMessageTarget): LogicalMessage => {
    if (!('ownerId' in target)) {
      const logical = refs.get(target);
      if (!logical) throw new Error('not a message of this fake');
      return logical;
    }
    const copy = store.mailbox(target.ownerId).messages.get(target.messageId);
    if (!copy) throw new Error(`user ${target.ownerId} has no message ${target.messageId}`);
    return copy.logical;
  };
  const copyFor = (userId: bigint, target: FakeMessageTarget): MessageCopy => {
    const copy = logicalOf(target).copies.get(userId);
    if (!copy) throw new Error(`user ${userId} cannot see that message`);
    return copy;
  };
  const refOf = (logical: LogicalMessage): FakeMessageRef => {
    const ref: FakeMessageRef = {
      key: logical.key,
      senderId: logical.senderId,
      idFor: (userId) => copyFor(userId, ref).id,
    };
    refs.set(ref, logical);
    return ref;
  };
  const say = (fromUserId: bigint, to: PeerRef, text: string, options: SayOptions = {}): FakeMessageRef => {
    userOf(fromUserId);
    const media =
      options.media &&
      (options.media.kind === 'document' ? store.documents : store.photos).get(options.media.id);
    if (options.media && !media) throw new Error('not a file of this fake');
    const copy = messaging.post(
      {
        senderId: fromUserId,
        to,
        text,
        entities: options.entities,
        media: media ?? null,
        replyToId: options.replyTo ? copyFor(fromUserId, options.replyTo).id : null,
        mentions: options.mentions,
      },
      { short: options.short },
    );
    return refOf(copy.logical);
  };
  const viewOf = (copy: MessageCopy): FakeMessageView => ({
    id: copy.id,
    senderId: copy.logical.senderId,
    out: copy.out,
    text: copy.logical.text,
    date: copy.logical.date,
    edited: copy.logical.editDate !== null,
    replyToId: copy.replyToId,
    mediaId: copy.logical.media?.id ?? null,
    mentioned: copy.mentioned,
    reactions: copy.logical.reactions.map(({ userId, emoji }) => ({ userId, emoji })),
  });
  const fileOf = (media: DocumentRecord | PhotoRecord): FakeFile => ({
    kind: media.kind,
    id: media.id,
    accessHash: media.accessHash,
    fileReference: media.fileReference,
    bytes: media.bytes,
  });
  const newDocument = (
    bytes: Buffer,
    mimeType: string,
    attributes: Api.TypeDocumentAttribute[],
    premium: boolean,
  ) => {
    const document: DocumentRecord = {
      kind: 'document',
      ...store.newFileIdentity(),
      date: now(),
      mimeType,
      bytes,
      attributes,
      premium,
    };
    store.documents.set(document.id, document);
    return document;
  };

  return {
    host: HOST,
    port: server.port,
    dcId,
    rsaPublicKeyPem: rsa.publicKeyPem,
    rsaFingerprint: rsa.fingerprint,
    trustRsaKey: () => void trustRsaPublicKey(rsa.publicKeyPem),
    ...channelControls(store, channelPosts),

    createUser(user) {
      const digits = normalizePhone(user.phone);
      if (store.userByPhone(digits)) throw new Error(`phone ${user.phone} is taken`);
      if (user.username && store.userByUsername(user.username)) throw new Error(`@${user.username} is taken`);
      const record: UserRecord = {
        id: store.newUserId(),
        accessHash: randomLong(),
        phone: digits,
        firstName: user.firstName,
        lastName: user.lastName ?? null,
        username: user.username ?? null,
        premium: user.premium ?? false,
        about: user.about ?? null,
        password: user.password === undefined ? null : makeVerifier(user.password, user.passwordHint ?? null),
      };
      store.users.set(record.id, record);
      const { id, accessHash, phone, firstName, lastName, username, premium } = record;
      return { id, accessHash, phone, firstName, lastName, username, premium };
    },

    createGroup({ title, creatorId, memberIds }) {
      const members = [...new Set([creatorId, ...memberIds])];
      for (const id of members) userOf(id);
      const chat = { id: store.newChatId(), title, creatorId, memberIds: members, date: now() };
      store.chats.set(chat.id, chat);
      for (const id of members) store.dialog(id, { kind: 'chat', id: chat.id });
      return { ...chat, memberIds: [...members] };
    },

    addContact(ownerId, contactId) {
      userOf(contactId);
      const contacts = store.contacts.get(ownerId) ?? new Set<bigint>();
      contacts.add(contactId);
      store.contacts.set(ownerId, contacts);
    },

    createDocument({
      bytes = randomBytes(4096),
      mimeType = 'application/octet-stream',
      fileName = 'file.bin',
      attributes = [],
    } = {}) {
      return fileOf(
        newDocument(bytes, mimeType, [...attributes, new Api.DocumentAttributeFilename({ fileName })], false),
      );
    },

    createPhoto({ bytes = randomBytes(4096), width = 640, height = 480 } = {}) {
      const photo: PhotoRecord = {
        kind: 'photo',
        ...store.newFileIdentity(),
        date: now(),
        bytes,
        width,
        height,
      };
      store.photos.set(photo.id, photo);
      return fileOf(photo);
    },

    setProfilePhoto(userId, photo) {
      if (photo.kind !== 'photo' || !store.photos.has(photo.id)) throw new Error('not a photo of this fake');
      userOf(userId).photoId = photo.id;
    },

    createStickerSet({ shortName, title = shortName, stickers, installedBy = [] }) {
      const id = store.newFileIdentity().id;
      const accessHash = randomLong();
      const inputSet = new Api.InputStickerSetID({ id: toTlLong(id), accessHash: toTlLong(accessHash) });
      const set = {
        id,
        accessHash,
        shortName,
        title,
        installedBy: new Set(installedBy),
        stickers: stickers.map(({ emoji, bytes = randomBytes(2048), premium = false }) => ({
          emoji,
          document: newDocument(
            bytes,
            'image/webp',
            [
              new Api.DocumentAttributeImageSize({ w: 512, h: 512 }),
              new Api.DocumentAttributeSticker({ alt: emoji, stickerset: inputSet }),
              new Api.DocumentAttributeFilename({ fileName: 'sticker.webp' }),
            ],
            premium,
          ),
        })),
      };
      store.stickerSets.set(id, set);
      return {
        id,
        accessHash,
        shortName,
        title,
        stickers: set.stickers.map(({ emoji, document }) => ({
          emoji,
          premium: document.premium,
          document: fileOf(document),
        })),
      };
    },

    async createSession(userId) {
      userOf(userId);
      const key = randomBytes(256);
      const id = authKeyIdOf(key);
      store.authKeys.set(id, { id, key, serverSalt: randomBytes(8), userId });
      return savedSession({ id: dcId, host: HOST }, key);
    },

    userSays: (fromUserId, toUserId, text, options) =>
      say(fromUserId, { kind: 'user', id: toUserId }, text, options),
    groupSays: (fromUserId, chatId, text, options) =>
      say(fromUserId, { kind: 'chat', id: chatId }, text, options),

    userEdits(editorId, target, text) {
      const logical = logicalOf(target);
      if (logical.senderId !== editorId) throw new Error('only the sender can edit a message');
      messaging.edit(logical, text, undefined, null);
    },

    userDeletes(userId, targets, { revoke = true } = {}) {
      messaging.delete(
        targets.map((target) => copyFor(userId, target)),
        revoke,
        null,
      );
    },

    userReacts(userId, target, emoji) {
      messaging.react(userId, copyFor(userId, target).logical, emoji === null ? [] : [emoji], null);
    },

    userTypes: (userId, chat) => messaging.typing(userId, peerOf(chat), new Api.SendMessageTypingAction()),
    userReads: (userId, chat, maxId = 0) => void messaging.readHistory(userId, peerOf(chat), maxId, null),

    setBlocked: (ownerId, userId, blocked) => store.setBlocked(ownerId, userId, blocked),
    setMuted(ownerId, chat, muteUntil) {
      store.notifySettings(ownerId, peerOf(chat)).muteUntil = muteUntil;
    },
    markUnread: (ownerId, chat) => messaging.markUnread(ownerId, peerOf(chat), true, null),

    messagesBetween: (ownerId, otherUserId) =>
      store.copiesIn(ownerId, { kind: 'user', id: otherUserId }).map(viewOf),
    messagesInGroup: (ownerId, chatId) => store.copiesIn(ownerId, { kind: 'chat', id: chatId }).map(viewOf),
    dialog: (ownerId, chat) => messaging.dialogSummary(ownerId, store.dialog(ownerId, peerOf(chat))),
    isBlocked: (ownerId, userId) => store.isBlocked(ownerId, userId),
    muteUntil: (ownerId, chat) => store.notifySettings(ownerId, peerOf(chat)).muteUntil,
    typingLog,
    calls: router.calls,
    sessionCount: (userId) => server.sessionCount(userId),
    get connectionsAccepted() {
      return server.accepted;
    },
    get authKeyCount() {
      return store.authKeys.size;
    },

    lastCodeFor: (phone) => login.lastCodeFor(phone),
    expireCode: (phone) => login.expireCode(phone),
    banPhone: (phone) => login.banPhone(phone),
    scanQrLogin: (token, userId) => login.scanQrLogin(token, userId),
    lastQrToken: () => login.lastQrToken(),

    floodWait: (method, seconds, options) => faults.floodWait(method, seconds, options),
    peerFlood: (options) => faults.peerFlood(options),
    failNext: (method, code, message, options) => faults.fail([method], code, message, options),
    clearFaults: () => faults.clear(),
    stall: () => faults.stall(),
    disconnectAll: () => server.disconnectAll(),
    cutOff(userId) {
      faults.cutOff(userId);
      server.disconnectUser(userId);
    },
    restore: (userId) => faults.restore(userId),
    forgetUpdates: (userId) => updateLog.forget(userId, store.mailbox(userId).pts),
    expireFileReferences() {
      for (const file of [...store.documents.values(), ...store.photos.values()]) {
        file.fileReference = randomBytes(8);
      }
    },
    revokeSession(userId) {
      for (const key of store.authKeys.values()) if (key.userId === userId) key.userId = null;
    },
    onClose: (cleanup) => void cleanups.push(cleanup),
    async close() {
      await Promise.allSettled(
        cleanups
          .splice(0)
          .map((cleanup) => withTimeout(cleanup(), CLEANUP_TIMEOUT_MS, 'a close-time cleanup')),
      );
      await server.close();
    },
  };
}
