import type { ExchangeRecord, MessageProvenance } from '../../../src/shared/api/conversation-contract';
import type { SimChat } from './fake-runtime';

type Ref = { agent: string; channelId: number };

const traceKey = (ref: Ref, messageId: number, reaction: boolean) =>
  `${ref.agent}/${ref.channelId}/${messageId}${reaction ? '/reaction' : ''}`;

/**
 * The fake runtime's kept exchanges (`conversations.exchanges`, paged newest first by id) and the
 * provenance of messages (`conversations.provenance`), as tests seed them. A chat with nothing
 * kept answers its latest exchange alone, as the runtime would after one turn.
 */
export class FakeProvenance {
  readonly #kept = new Map<string, ExchangeRecord[]>();
  readonly #traces = new Map<string, MessageProvenance>();

  /** Keeps these exchanges for the chat (any order; read newest first). */
  keep(ref: Ref, records: ExchangeRecord[]): void {
    this.#kept.set(
      `${ref.agent}/${ref.channelId}`,
      [...records].sort((a, b) => b.id - a.id),
    );
  }

  /** What `conversations.provenance` answers for a message (or the agent's reaction to it). */
  trace(ref: Ref, messageId: number, provenance: MessageProvenance, reaction = false): void {
    this.#traces.set(traceKey(ref, messageId, reaction), provenance);
  }

  exchanges(
    input: { beforeId?: number; limit: number },
    chat: SimChat,
  ): { exchanges: ExchangeRecord[]; hasMore: boolean } {
    const kept =
      this.#kept.get(`${chat.agent}/${chat.info.channelId}`) ??
      (chat.exchange ? [{ ...chat.exchange, id: 1, taskId: null, truncated: false }] : []);
    const older = kept.filter((record) => input.beforeId === undefined || record.id < input.beforeId);
    return { exchanges: older.slice(0, input.limit), hasMore: older.length > input.limit };
  }

  provenance(input: Ref & { messageId: number; reaction: boolean }): MessageProvenance {
    return (
      this.#traces.get(traceKey(input, input.messageId, input.reaction)) ?? {
        task: null,
        exchange: null,
        planned: [],
      }
    );
  }
}
