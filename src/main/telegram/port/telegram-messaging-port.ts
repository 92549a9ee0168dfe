import { Api, utils } from 'telegram';
import type { ChatQuery } from '../../../shared/domain/chat-query';
import type { ChatInfo, ChatMsg, StickerRef } from '../../../shared/domain/conversation';
import { type Clock, systemClock } from '../../clock';
import type { Logger } from '../../logging';
import { type AgentActivity, AgentPresence } from '../../messaging/agent-presence';
import {
  type AccountInfo,
  type ChatSummary,
  type DownloadOptions,
  type HistoryQuery,
  type InboundEvent,
  type LibraryFile,
  type ListChatsOptions,
  type MarkReadOptions,
  MediaNotFoundError,
  type MediaRef,
  type MediaSource,
  MessagingError,
  type MessagingPort,
  type OutboundMedia,
  type OutboundSticker,
  type OutboundText,
  type SentMessage,
  StickerNotFoundError,
  type StickerSetContents,
  type UnreadChat,
} from '../../messaging/port';
import { Listeners, rpcErrorCode, type TelegramAccount, type TelegramAccounts } from '../accounts';
import { isDirectChat, isMutedAt, mapChatInfo, markdownToEntities, markedEntityId } from '../mapping';
import { notConnected } from '../not-connected';
import { AccountContext } from './account-context';
import { listChats } from './chat-list';
import { earlierSend } from './earlier-send';
import { withFreshFileReference } from './file-references';
import { findChatId } from './find-chat';
import { fullChat } from './full-chat';
import { fetchHistory, fetchMessage } from './history';
import { inboundEvents } from './inbound-updates';
import { carriesFile, inputMediaFor } from './input-media';
import { downloadMedia } from './media-download';
import { addToLibrary, removeFromLibrary } from './media-library';
import { type OwnChange, OwnChanges } from './own-changes';
import { type RandomId, randomIdFor } from './random-id';
import { chatAllowsSending } from './send-permission';
import { sentMessageId } from './sent-message';
import { stickerSetContents } from './sticker-set-contents';
import { scanUnread } from './unread-scan';

export interface TelegramMessagingPortOptions {
  accounts: TelegramAccounts;
  logger: Logger;
  /** The caches' time source. */
  clock?: Clock;
}

/**
 * The MessagingPort over Telegram: every call runs on the named agent's connected account (see
 * TelegramAccounts) and inbound updates of every account become InboundEvents. Per account it
 * keeps short-lived caches (entities, mute state, blocklist, stickers; see AccountContext).
 */
/** The agent's activity in one chat changed. */
export interface AgentActivityChange extends AgentActivity {
  agent: string;
  channelId: number;
}

export class TelegramMessagingPort implements MessagingPort {
  readonly kind = 'telegram' as const;
  readonly #accounts: TelegramAccounts;
  readonly #clock: Clock;
  readonly #logger: Logger;
  readonly #contexts = new WeakMap<TelegramAccount, AccountContext>();
  readonly #inbound: Listeners<[InboundEvent]>;
  readonly #ownChanges: OwnChanges;
  /** What the agent told Telegram of itself (typing, online), as the people in each chat see it. */
  readonly #presence: AgentPresence;
  readonly #activity: Listeners<[AgentActivityChange]>;
  readonly #stopUpdates: () => void;

  constructor(options: TelegramMessagingPortOptions) {
    this.#accounts = options.accounts;
    this.#clock = options.clock ?? systemClock;
    this.#logger = options.logger.child({ module: 'telegram-port' });
    this.#inbound = new Listeners(this.#logger, 'inbound');
    this.#ownChanges = new OwnChanges(this.#logger);
    this.#activity = new Listeners(this.#logger, 'agent activity');
    this.#presence = new AgentPresence(this.#clock, (agent, channelId, activity) =>
      this.#activity.emit({ agent, channelId, ...activity }),
    );
    this.#stopUpdates = options.accounts.onUpdate((account, update) => {
      const context = this.#contextOf(account);
      if (account.user) context.savedMessages.observe(update, context.selfId);
      context.inbound = context.inbound
        .then(async () => {
          for (const event of await inboundEvents(context, account.configName, update))
            this.#inbound.emit(event);
        })
        .catch((error: unknown) =>
          this.#logger.warn({ err: error, agent: account.configName }, 'could not handle a Telegram update'),
        );
    });
  }

  /** Stops listening to the accounts' updates. */
  close(): void {
    this.#stopUpdates();
    this.#presence.close();
  }

  subscribe(listener: (event: InboundEvent) => void): () => void {
    return this.#inbound.add(listener);
  }

  /** What the people of a chat see of the agent change: typing, online (as the Simulator reports it). */
  onActivity(listener: (change: AgentActivityChange) => void): () => void {
    return this.#activity.add(listener);
  }

  /**
   * The agent's own sends and reactions, with the message as it now is (for the console: inbound
   * events leave them out). Announced after the call succeeded; a repeated send is not announced.
   */
  onOwnChange(listener: (change: OwnChange) => void): () => void {
    return this.#ownChanges.add(listener);
  }

  async self(agent: string): Promise<AccountInfo> {
    const user = this.#context(agent).account.user;
    if (!user) throw notConnected(agent);
    return { id: user.id, name: user.name, username: user.username, premium: user.premium };
  }

  async sendText(agent: string, channelId: number, message: OutboundText): Promise<SentMessage> {
    const context = this.#context(agent);
    const earlier = context.sentKeys.get(message.idempotencyKey);
    if (earlier !== undefined) return { messageId: earlier, duplicate: true };
    // Our own parser rather than GramJS's, which leaves links, quotes and spoilers as literal text.
    const { text, entities } = markdownToEntities(message.text);
    if (text.trim() === '') throw new MessagingError('The message is empty.', { retryable: false });
    const peer = await context.inputPeer(channelId);
    const randomId = randomIdFor(message.idempotencyKey);
    const request = new Api.messages.SendMessage({
      peer,
      message: text,
      entities,
      randomId,
      replyTo: replyHeader(message.replyTo),
    });
    return this.#send(
      context,
      channelId,
      message.idempotencyKey,
      request,
      randomId,
      (sent) => sent.message === text,
    );
  }

  async sendSticker(agent: string, channelId: number, sticker: OutboundSticker): Promise<SentMessage> {
    const context = this.#context(agent);
    const earlier = context.sentKeys.get(sticker.idempotencyKey);
    if (earlier !== undefined) return { messageId: earlier, duplicate: true };
    return withFreshFileReference(context, async () => {
      const document = await context.stickers.document(sticker.setName, sticker.name, context.premium);
      if (!document) throw new StickerNotFoundError(sticker.setName, sticker.name);
      return this.#sendFile(context, channelId, sticker, document);
    });
  }

  /**
   * Sends a photo or file saved in the agent's Saved Messages, by its file unique id. A sticker's
   * id sends the sticker (Telegram shows a sticker document as a sticker however it is sent).
   */
  async sendMedia(agent: string, channelId: number, media: OutboundMedia): Promise<SentMessage> {
    const context = this.#context(agent);
    const earlier = context.sentKeys.get(media.idempotencyKey);
    if (earlier !== undefined) return { messageId: earlier, duplicate: true };
    return withFreshFileReference(context, async () => {
      const file =
        (await context.savedMessages.mediaFile(media.uniqueId))?.file ??
        (await context.stickers.documentWithId(media.uniqueId, context.premium));
      if (!file) throw new MediaNotFoundError(media.uniqueId);
      return this.#sendFile(context, channelId, media, file);
    });
  }

  async downloadMedia(
    agent: string,
    source: MediaSource,
    options: DownloadOptions,
  ): Promise<Uint8Array | null> {
    return downloadMedia(this.#context(agent), source, options);
  }

  async addToLibrary(agent: string, file: LibraryFile): Promise<MediaRef> {
    return addToLibrary(this.#context(agent), file);
  }

  async removeFromLibrary(agent: string, uniqueId: string): Promise<boolean> {
    return removeFromLibrary(this.#context(agent), uniqueId);
  }

  async stickerSet(agent: string, setName: string): Promise<StickerSetContents | null> {
    return stickerSetContents(this.#context(agent), setName);
  }

  async react(agent: string, channelId: number, messageId: number, emoji: string | null): Promise<void> {
    if (emoji !== null && emoji.trim() === '') {
      throw new MessagingError('A reaction is an emoji, not blank text.', { retryable: false });
    }
    const context = this.#context(agent);
    const answer = await context.account.invoke(
      new Api.messages.SendReaction({
        peer: await context.inputPeer(channelId),
        msgId: messageId,
        reaction: emoji === null ? [] : [new Api.ReactionEmoji({ emoticon: emoji })],
      }),
    );
    if (answer instanceof Api.Updates || answer instanceof Api.UpdatesCombined) context.remember(answer);
    this.#ownChanges.announce(context, 'reacted', channelId, messageId);
    this.#presence.seen(agent, channelId);
  }

  async setTyping(agent: string, channelId: number, action: 'typing' | 'cancel'): Promise<void> {
    const context = this.#context(agent);
    await context.account.invoke(
      new Api.messages.SetTyping({
        peer: await context.inputPeer(channelId),
        action: action === 'typing' ? new Api.SendMessageTypingAction() : new Api.SendMessageCancelAction(),
      }),
    );
    if (action === 'typing') this.#presence.typing(agent, channelId);
    else this.#presence.stoppedTyping(agent, channelId);
  }

  async markRead(agent: string, channelId: number, options: MarkReadOptions): Promise<void> {
    const context = this.#context(agent);
    const peer = await context.inputPeer(channelId);
    if (peer instanceof Api.InputPeerChannel) {
      await context.account.invoke(
        new Api.channels.ReadHistory({ channel: utils.getInputChannel(peer), maxId: options.upToMessageId }),
      );
    } else {
      await context.account.invoke(new Api.messages.ReadHistory({ peer, maxId: options.upToMessageId }));
    }
    if (options.clearMentions) await context.account.invoke(new Api.messages.ReadMentions({ peer }));
    if (options.clearReactions) await context.account.invoke(new Api.messages.ReadReactions({ peer }));
    this.#presence.seen(agent, channelId);
  }

  async block(agent: string, userId: number): Promise<void> {
    const context = this.#context(agent);
    await context.account.invoke(new Api.contacts.Block({ id: await context.inputPeer(userId) }));
    context.blocklist.set(userId, true);
  }

  async unblock(agent: string, userId: number): Promise<void> {
    const context = this.#context(agent);
    await context.account.invoke(new Api.contacts.Unblock({ id: await context.inputPeer(userId) }));
    context.blocklist.set(userId, false);
  }

  async deleteHistory(agent: string, channelId: number, options: { revoke: boolean }): Promise<void> {
    const context = this.#context(agent);
    const peer = await context.inputPeer(channelId);
    if (peer instanceof Api.InputPeerChannel) {
      await context.account.invoke(
        new Api.channels.DeleteHistory({
          channel: utils.getInputChannel(peer),
          maxId: 0,
          forEveryone: options.revoke,
        }),
      );
      return;
    }
    // Telegram deletes a long history in portions; `offset` > 0 asks for another call.
    for (;;) {
      const affected = await context.account.invoke(
        new Api.messages.DeleteHistory({ peer, maxId: 0, revoke: options.revoke, justClear: false }),
      );
      if (affected.offset <= 0) return;
    }
  }

  async fetchHistory(agent: string, channelId: number, query: HistoryQuery): Promise<ChatMsg[]> {
    return fetchHistory(this.#context(agent), channelId, query);
  }

  /** One message as it now is (its reactions, an edit), or null when it is gone. */
  async fetchMessage(agent: string, channelId: number, messageId: number): Promise<ChatMsg | null> {
    return fetchMessage(this.#context(agent), channelId, messageId);
  }

  async getChat(agent: string, channelId: number): Promise<ChatInfo> {
    const context = this.#context(agent);
    const answer = await fullChat(context, channelId);
    context.remember(answer);
    return mapChatInfo(answer);
  }

  async findChat(agent: string, query: ChatQuery): Promise<ChatInfo | null> {
    const channelId = await findChatId(this.#context(agent), query);
    return channelId === null ? null : this.getChat(agent, channelId);
  }

  async canSend(agent: string, channelId: number): Promise<boolean> {
    const context = this.#context(agent);
    if (isDirectChat(channelId)) return !(await context.blocklist.has(channelId));
    const chat = await this.#chatEntity(context, channelId);
    return chat !== null && chatAllowsSending(chat);
  }

  async isMuted(agent: string, channelId: number): Promise<boolean> {
    const context = this.#context(agent);
    const settings = await context.notifySettings.getOrLoad(channelId, async () =>
      context.account.invoke(
        new Api.account.GetNotifySettings({
          peer: new Api.InputNotifyPeer({ peer: await context.inputPeer(channelId) }),
        }),
      ),
    );
    return isMutedAt(settings, this.#clock.now());
  }

  async isBlocked(agent: string, userId: number): Promise<boolean> {
    return this.#context(agent).blocklist.has(userId);
  }

  async listStickers(agent: string): Promise<StickerRef[]> {
    const context = this.#context(agent);
    return context.stickers.list(context.premium);
  }

  /** The non-sticker media in the agent's Saved Messages; descriptions are the engine's to add. */
  async listMedia(agent: string): Promise<MediaRef[]> {
    return this.#context(agent).savedMessages.media();
  }

  async listUnread(agent: string): Promise<UnreadChat[]> {
    return scanUnread(this.#context(agent));
  }

  async listChats(agent: string, options: ListChatsOptions): Promise<ChatSummary[]> {
    return listChats(this.#context(agent), Math.max(0, Math.floor(options.limit)));
  }

  /**
   * The account's context (its caches: entities, notify settings, Saved Messages), shared with
   * the account desk, so what one changes the other sees at once.
   */
  contextFor(account: TelegramAccount): AccountContext {
    return this.#contextOf(account);
  }

  #context(agent: string): AccountContext {
    const account = this.#accounts.account(agent);
    if (!account) throw notConnected(agent);
    return this.#contextOf(account);
  }

  #contextOf(account: TelegramAccount): AccountContext {
    let context = this.#contexts.get(account);
    if (!context) {
      context = new AccountContext(account, this.#clock, this.#logger.child({ agent: account.configName }));
      this.#contexts.set(account, context);
    }
    return context;
  }

  /**
   * Sends once per idempotency key. The random_id makes Telegram drop a resend after a crash:
   * it answers with the earlier message, or with RANDOM_ID_DUPLICATE, in which case the earlier
   * message is looked up among the agent's latest ones.
   */
  async #send(
    context: AccountContext,
    channelId: number,
    idempotencyKey: string,
    request: Api.messages.SendMessage | Api.messages.SendMedia,
    randomId: RandomId,
    isSameMessage: (sent: Api.Message) => boolean,
  ): Promise<SentMessage> {
    let messageId: number;
    let duplicate = false;
    try {
      const answer = await context.account.invoke(request, { send: true });
      if (answer instanceof Api.Updates || answer instanceof Api.UpdatesCombined) context.remember(answer);
      messageId = sentMessageId(answer, randomId);
    } catch (error) {
      if (!(error instanceof MessagingError) || rpcErrorCode(error.cause) !== 'RANDOM_ID_DUPLICATE')
        throw error;
      messageId = await earlierSend(context, channelId, isSameMessage, error);
      duplicate = true;
    }
    context.memory.remember(channelId, messageId, true);
    context.sentKeys.set(idempotencyKey, messageId);
    if (!duplicate) this.#ownChanges.announce(context, 'sent', channelId, messageId);
    this.#presence.stoppedTyping(context.account.configName, channelId);
    return { messageId, duplicate };
  }

  async #sendFile(
    context: AccountContext,
    channelId: number,
    outbound: { replyTo: number | null; idempotencyKey: string },
    file: Api.Photo | Api.Document,
  ): Promise<SentMessage> {
    const randomId = randomIdFor(outbound.idempotencyKey);
    const request = new Api.messages.SendMedia({
      peer: await context.inputPeer(channelId),
      media: inputMediaFor(file),
      message: '',
      randomId,
      replyTo: replyHeader(outbound.replyTo),
    });
    return this.#send(context, channelId, outbound.idempotencyKey, request, randomId, (sent) =>
      carriesFile(sent, file),
    );
  }

  /** The group or channel object (fresh from the cache, else with its full details), or null when gone. */
  async #chatEntity(context: AccountContext, channelId: number): Promise<Api.TypeChat | null> {
    const known = context.entities.get(channelId);
    if (known && !(known instanceof Api.User || known instanceof Api.UserEmpty)) return known;
    const answer = await fullChat(context, channelId);
    context.remember(answer);
    return answer.chats.find((chat) => markedEntityId(chat) === channelId) ?? null;
  }
}

function replyHeader(replyTo: number | null): Api.InputReplyToMessage | undefined {
  return replyTo === null ? undefined : new Api.InputReplyToMessage({ replyToMsgId: replyTo });
}
