import type { ChatMsg, MessagePart, StickerRef } from '../../shared/domain/conversation';
import type { Clock } from '../clock';
import type { Logger } from '../logging';
import { AgentPresence } from '../messaging/agent-presence';
import {
  type AccountInfo,
  type InboundEvent,
  type MediaRef,
  MessagingError,
  type SentMessage,
} from '../messaging/port';
import type { ChatKey, SimulatorTables, Store } from '../store';
import { ListenerSet } from './listener-set';
import { SendFaults } from './send-faults';
import type { SimulatorChange } from './simulator-changes';
import { SimulatorLookups } from './simulator-lookups';
import { SimulatorViews } from './simulator-views';

export interface SimulatorDeps {
  /** The Simulator's tables, and transactions across them and the rest of the store. */
  store: Pick<Store, 'simulator' | 'transaction'>;
  clock: Clock;
  logger: Logger;
  /** The stickers the agent may send, from curated media; people send from the same list. */
  stickers: (agent: string) => readonly StickerRef[];
  /** The agent's media library (photos, videos, files), from curated media; stickers are not in it. */
  media: (agent: string) => readonly MediaRef[];
  /** The bytes of a curated record's file (a sticker or library item), null when it has none. */
  curatedFile: (uniqueId: string) => Promise<Uint8Array | null>;
  /** The agent's own account as the people see it; its username is what @-mentions name. */
  agentAccount: (agent: string) => AccountInfo;
}

/**
 * What the Simulator's port and its operator actions share: the tables, lookups and views, the
 * agent's presence, the listeners, and the two writes both sides need (a message from the agent,
 * a message from a person) with what reading a chat means.
 */
export class SimulatorCore {
  readonly deps: SimulatorDeps;
  readonly tables: SimulatorTables;
  readonly lookups: SimulatorLookups;
  readonly views: SimulatorViews;
  readonly logger: Logger;
  readonly sendFaults: SendFaults;
  readonly presence: AgentPresence;
  readonly inbound: ListenerSet<InboundEvent>;
  readonly changes: ListenerSet<SimulatorChange>;

  constructor(deps: SimulatorDeps) {
    this.deps = deps;
    this.logger = deps.logger.child({ module: 'simulator' });
    this.tables = deps.store.simulator;
    this.lookups = new SimulatorLookups(this.tables);
    this.views = new SimulatorViews(this.tables, this.lookups, deps.agentAccount);
    this.sendFaults = new SendFaults(deps.clock);
    this.inbound = new ListenerSet(this.logger, 'inbound');
    this.changes = new ListenerSet(this.logger, 'changes');
    this.presence = new AgentPresence(deps.clock, (agent, channelId, activity) =>
      this.changes.emit({ type: 'activity', agent, channelId, ...activity }),
    );
  }

  transaction<T>(work: () => T): T {
    return this.deps.store.transaction(work);
  }

  async sendAsAgent(
    agent: string,
    channelId: number,
    outbound: { replyTo: number | null; idempotencyKey: string },
    parts: () => MessagePart[],
  ): Promise<SentMessage> {
    await this.sendFaults.beforeSending();
    const key = { agent, channelId };
    const sent = this.transaction((): SentMessage => {
      const earlier = this.tables.sentKeys.get(agent, outbound.idempotencyKey);
      if (earlier) return { messageId: earlier.message_id, duplicate: true };
      const chat = this.lookups.requireChat(key);
      const refusal = this.lookups.whyAgentCannotSend(chat);
      if (refusal !== null) throw new MessagingError(refusal, { retryable: false });
      const messageParts = parts();
      const messageId = this.tables.chats.claimMessageId(key);
      const sentAt = this.nowIso();
      this.tables.messages.insert({
        ...key,
        messageId,
        senderPersonId: null,
        // A reply to a message the agent cannot see goes out as a plain message.
        replyTo:
          outbound.replyTo !== null && this.lookups.isVisible(key, outbound.replyTo)
            ? outbound.replyTo
            : null,
        parts: messageParts,
        mentioned: false,
        sentAt,
      });
      this.tables.sentKeys.insert(key, { idempotencyKey: outbound.idempotencyKey, messageId, sentAt });
      return { messageId, duplicate: false };
    });
    if (sent.duplicate) {
      this.logger.debug({ agent, channelId, messageId: sent.messageId }, 'send repeated an idempotency key');
      return sent;
    }
    this.presence.stoppedTyping(agent, channelId);
    this.changes.emit({ type: 'message', agent, message: this.views.chatMsg(key, sent.messageId) });
    this.sendFaults.afterDelivery();
    return sent;
  }

  sendAsPerson(
    agent: string,
    channelId: number,
    personId: number,
    replyTo: number | null,
    content: { parts: () => MessagePart[]; mentionsAgent: (account: AccountInfo) => boolean },
  ): ChatMsg {
    const key = { agent, channelId };
    const account = this.deps.agentAccount(agent);
    const { messageId, readUpTo } = this.transaction(() => {
      const chat = this.lookups.requireChat(key);
      const person = this.lookups.requireMember(chat, personId);
      this.lookups.assertPersonCanWrite(chat, person);
      if (replyTo !== null) this.lookups.requireMessage(key, replyTo, { visibleToAgent: false });
      const parts = content.parts();
      const id = this.tables.chats.claimMessageId(key);
      this.tables.messages.insert({
        ...key,
        messageId: id,
        senderPersonId: personId,
        replyTo,
        parts,
        mentioned: content.mentionsAgent(account) || this.lookups.repliesToAgent(key, replyTo),
        sentAt: this.nowIso(),
      });
      // Writing in a chat reads it, as in every Telegram client.
      return { messageId: id, readUpTo: this.personReads(key, personId, id) };
    });
    this.emitPeopleRead(key, readUpTo);
    const message = this.views.chatMsg(key, messageId);
    this.inbound.emit({ type: 'message', agent, message });
    this.changes.emit({ type: 'message', agent, message });
    return message;
  }

  /**
   * Records that a person read up to a message; returns the new read mark when it passes messages
   * of the agent nobody had read before (what Telegram reports as an outbox read), else null.
   */
  personReads(key: ChatKey, personId: number, upToMessageId: number): number | null {
    this.tables.chats.setMemberReadUpTo(key, personId, upToMessageId);
    const readBefore = this.tables.chats.get(key)!.people_read_up_to;
    if (upToMessageId <= readBefore) return null;
    this.tables.chats.setPeopleReadUpTo(key, upToMessageId);
    return this.tables.messages.hasAgentMessageBetween(key, readBefore, upToMessageId) ? upToMessageId : null;
  }

  emitPeopleRead(key: ChatKey, readUpTo: number | null): void {
    if (readUpTo === null) return;
    const { agent, channelId } = key;
    this.inbound.emit({ type: 'read', agent, channelId, maxMessageId: readUpTo });
    this.changes.emit({ type: 'read', agent, channelId, reader: 'people', upToMessageId: readUpTo });
  }

  nowIso(): string {
    return this.deps.clock.now().toISOString();
  }
}
