import { type ConversationKey, conversationKeyString } from '../../../shared/domain/conversation-key';
import { archiveDeletion, archiveMessages } from '../../memory';
import type { InboundEvent } from '../../messaging/port';
import type { EngineCore } from '../engine-core';
import type { ReceivedParams } from '../graph/received-task';
import { insertReceivedTask } from '../graph/replan';
import type { PartnerTypingTracker } from '../pacing/partner-typing';
import { ChatLookups } from './chat-lookups';
import { isGroupChannel } from './gates';
import { inboundTrigger } from './inbound-trigger';
import { scanUnread } from './unread-scan';

/**
 * Something that must be written with the turn it starts, in the same transaction, or not at
 * all: a scheduled event's firing, so a crash neither loses nor repeats it.
 */
export interface TurnCommitment {
  /** Checked right before the turn is written; false: start no turn. */
  stillWanted(): boolean;
  /** Runs inside the transaction that writes the turn. */
  write(): void;
}

/**
 * Where work enters the engine: inbound events of the port (after the gates), unread scans, and
 * turns requested by the agent or the operator. Each becomes a trigger coalesced into the
 * conversation's pending received task (or a replan), and the conversation's loop is poked.
 */
export class InboundIntake {
  readonly #core: EngineCore;
  readonly #partnerTyping: PartnerTypingTracker;
  readonly #poke: (conversation: ConversationKey) => void;
  /** Inbound events and unread scans still being looked at (gates may ask the network). */
  #pending = 0;

  constructor(
    core: EngineCore,
    partnerTyping: PartnerTypingTracker,
    poke: (conversation: ConversationKey) => void,
  ) {
    this.#core = core;
    this.#partnerTyping = partnerTyping;
    this.#poke = poke;
  }

  /** Events or scans are still being looked at. */
  get busy(): boolean {
    return this.#pending > 0;
  }

  onInbound(event: InboundEvent): void {
    const core = this.#core;
    if (core.stopped) return;
    const channelId = 'message' in event ? event.message.channelId : event.channelId;
    const conversation = { agent: event.agent, network: core.network, channelId };
    this.#archive(event, conversation);
    const runner = core.runner(conversation);
    this.#pending++;
    const handled = runner.inbound
      .then(async () => {
        if (core.stopped) return;
        const decided = await inboundTrigger(event, {
          network: core.network,
          port: core.deps.port,
          clock: core.deps.clock,
          logger: core.logger,
          activeAgent: (name) => core.agent(name),
          conversationSettings: (conversation) => core.deps.store.conversationSettings.get(conversation),
          partnerTyping: this.#partnerTyping,
        });
        if (decided && !core.stopped)
          await this.insert(decided.conversation, decided.trigger, decided.lookups);
      })
      .catch((error: unknown) => core.logger.error({ err: error, event: event.type }, 'inbound event failed'))
      .finally(() => {
        this.#pending--;
      });
    runner.inbound = handled;
    core.track(handled);
  }

  /**
   * What the agent sees is archived as it arrives, in a transaction of its own before any gate,
   * so a crash after the event loses nothing of it (a gated message is seen all the same).
   */
  #archive(event: InboundEvent, conversation: ConversationKey): void {
    const core = this.#core;
    if (core.agent(event.agent) === null) return;
    const { store, clock } = core.deps;
    try {
      switch (event.type) {
        case 'message':
        case 'edit':
          store.transaction(() => archiveMessages(store, conversation, [event.message], clock.now()));
          return;
        case 'delete':
          store.transaction(() => archiveDeletion(store, conversation, event.messageIds, clock.now()));
          return;
        default:
          return;
      }
    } catch (error) {
      core.logger.error(
        { err: error, conversation, event: event.type },
        'could not archive an inbound event',
      );
    }
  }

  /** Looks through the agent's unread chats once; resolves to the conversations triggered. */
  scanOnce(agent: string): Promise<number> {
    const core = this.#core;
    this.#pending++;
    const scan = scanUnread(agent, {
      network: core.network,
      port: core.deps.port,
      logger: core.logger,
      activeAgent: (name) => core.agent(name),
      conversationSettings: (conversation) => core.deps.store.conversationSettings.get(conversation),
      graph: (conversation) => core.graphOf(conversation),
      givenUp: core.givenUp,
      readThrough: (conversation) => core.deps.store.readMarks.readThrough(conversation),
      insert: (conversation, trigger) => this.insert(conversation, trigger),
    }).finally(() => {
      this.#pending--;
    });
    core.track(scan.catch(() => {}));
    return scan;
  }

  /**
   * Coalesces the trigger into the conversation's pending received task, or replans. `lookups`
   * are what the event's gates already asked; the turn uses them rather than asking again.
   * A `commitment` is written with the turn, in its transaction.
   */
  async insert(
    conversation: ConversationKey,
    trigger: ReceivedParams,
    lookups = new ChatLookups(this.#core.deps.port, conversation),
    commitment?: TurnCommitment,
  ): Promise<boolean> {
    const core = this.#core;
    const current = core.graphOf(conversation);
    const hasPendingReceived = current?.nodes.some(
      (node) => node.kind === 'received' && node.status === 'pending',
    );
    // A new graph records the chat's title; a coalesce needs nothing from the network.
    const channelName = hasPendingReceived
      ? (current?.context.channelName ?? '')
      : (await lookups.chat()).title;
    if (core.stopped || commitment?.stillWanted() === false) return false;
    const insertion = insertReceivedTask({
      // Read again: the graph may have changed while the chat was looked up.
      current: core.graphOf(conversation),
      conversation,
      context: { isGroup: isGroupChannel(conversation.channelId), channelName },
      trigger,
      now: core.deps.clock.now(),
    });
    if (insertion.outcome === 'duplicate') return false;
    core.deps.store.transaction(() => {
      core.deps.store.taskGraphs.save(insertion.graph);
      // The Simulator keeps its chats' titles; Telegram's are kept for views that outlive the connection.
      if (!hasPendingReceived && conversation.network === 'telegram') {
        core.deps.store.telegramChatTitles.remember(conversation.agent, conversation.channelId, channelName);
      }
      commitment?.write();
    });
    core.graphs.set(conversationKeyString(conversation), insertion.graph);
    core.givenUp.clear(conversation);
    const runner = core.runner(conversation);
    // The first event of a burst has asked already; later ones (or a scan) need not replace it.
    runner.lookups ??= lookups;
    if (insertion.outcome === 'replanned') {
      if (runner.current && insertion.cancelled.some((node) => node.id === runner.current?.nodeId)) {
        runner.current.abort.abort();
      }
    }
    core.logger.debug(
      { conversation, outcome: insertion.outcome, task: insertion.received.id },
      'turn requested',
    );
    core.emitGraph(conversation);
    this.#poke(conversation);
    return true;
  }
}
