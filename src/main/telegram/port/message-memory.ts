import { BoundedMap } from './bounded-map';

/** How many recent messages an account remembers. */
const CAPACITY = 20_000;

/**
 * Recent messages of one account: which chat each is in and whether the agent sent it.
 * Telegram's updateDeleteMessages names private and basic-group messages by id only (those ids
 * are unique per account), and updateMessageReactions does not say whose message it was.
 */
export class MessageMemory {
  readonly #chatOfId = new BoundedMap<number, number>(CAPACITY);
  readonly #byAgent = new BoundedMap<string, boolean>(CAPACITY);

  remember(channelId: number, messageId: number, isAgent: boolean): void {
    if (isPerAccountId(channelId)) this.#chatOfId.set(messageId, channelId);
    this.#byAgent.set(`${channelId}:${messageId}`, isAgent);
  }

  /** The chat of a private or basic-group message id, if remembered. */
  channelOf(messageId: number): number | undefined {
    return this.#chatOfId.get(messageId);
  }

  /** Whether the agent sent the message; undefined when not remembered. */
  isAgentMessage(channelId: number, messageId: number): boolean | undefined {
    return this.#byAgent.get(`${channelId}:${messageId}`);
  }
}

/** Marked channel ids lie below this; message ids count per channel there, per account elsewhere. */
const CHANNEL_ID_LIMIT = -1_000_000_000_000;
function isPerAccountId(channelId: number): boolean {
  return channelId > CHANNEL_ID_LIMIT;
}
