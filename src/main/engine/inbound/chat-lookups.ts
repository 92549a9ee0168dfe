import type { ChatInfo } from '../../../shared/domain/conversation';
import type { ConversationKey } from '../../../shared/domain/conversation-key';
import type { AccountInfo, MessagingPort } from '../../messaging/port';

/**
 * The agent's account and the chat, asked of the network at most once each for one inbound
 * event and the turn it starts: the gates need the account, a new graph the chat's title, and
 * the turn both. A turn with no event behind it (a retry, a restart, a scan) asks afresh.
 */
export class ChatLookups {
  readonly #port: Pick<MessagingPort, 'self' | 'getChat'>;
  readonly #conversation: ConversationKey;
  #self: Promise<AccountInfo> | null = null;
  #chat: Promise<ChatInfo> | null = null;

  constructor(port: Pick<MessagingPort, 'self' | 'getChat'>, conversation: ConversationKey) {
    this.#port = port;
    this.#conversation = conversation;
  }

  self(): Promise<AccountInfo> {
    this.#self ??= this.#port.self(this.#conversation.agent);
    return this.#self;
  }

  chat(): Promise<ChatInfo> {
    this.#chat ??= this.#port.getChat(this.#conversation.agent, this.#conversation.channelId);
    return this.#chat;
  }
}
