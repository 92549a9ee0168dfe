import type { Network } from '../../../shared/api/conversation-contract';
import type { AgentConfig } from '../../../shared/domain/config';
import type { ConversationKey } from '../../../shared/domain/conversation-key';
import type { Clock } from '../../clock';
import type { Logger } from '../../logging';
import type { InboundEvent, MessagingPort } from '../../messaging/port';
import type { ConversationSettings } from '../../store';
import { NO_TRIGGER, type ReceivedParams } from '../graph/received-task';
import type { PartnerTypingTracker } from '../pacing/partner-typing';
import { ChatLookups } from './chat-lookups';
import { type GateDecision, type GateLookups, gateMessage, gateReaction, isGroupChannel } from './gates';

export interface InboundDeps {
  network: Network;
  port: MessagingPort;
  clock: Clock;
  logger: Logger;
  /** The agent the event is for, when it may act on this network now; null otherwise. */
  activeAgent(name: string): AgentConfig | null;
  conversationSettings(conversation: ConversationKey): ConversationSettings;
  partnerTyping: PartnerTypingTracker;
}

/** A turn to start (or join) in a conversation, decided from an inbound event. */
export interface InboundTrigger {
  conversation: ConversationKey;
  trigger: ReceivedParams;
  /** What the gates learnt of the account and chat, for the turn to use rather than ask again. */
  lookups: ChatLookups;
}

function gateLookups(
  deps: InboundDeps,
  agent: AgentConfig,
  conversation: ConversationKey,
  chat: ChatLookups,
): GateLookups {
  const name = agent.configName;
  const settings = deps.conversationSettings(conversation);
  return {
    selfId: async () => (await chat.self()).id,
    isBlocked: (userId) => deps.port.isBlocked(name, userId),
    isGagged: () => settings.gaggedOverride ?? agent.gagged,
    takenOver: () => settings.operatorOnly,
    isMuted: () => deps.port.isMuted(name, conversation.channelId),
    replyPolicy: () => settings.replyPolicy ?? 'callouts',
    canSend: () => deps.port.canSend(name, conversation.channelId),
  };
}

function logRejection(
  deps: InboundDeps,
  conversation: ConversationKey,
  event: string,
  decision: GateDecision,
) {
  if (!decision.accept)
    deps.logger.debug({ conversation, event, reason: decision.reason }, 'inbound event ignored');
}

/**
 * What an inbound event means for the engine: a new message or a reaction on the agent's own
 * message may start a turn (after the gates); a direct partner typing or writing delays the turn
 * a little, so a burst is answered once. Edits, deletions and read receipts start nothing.
 */
export async function inboundTrigger(event: InboundEvent, deps: InboundDeps): Promise<InboundTrigger | null> {
  const agent = deps.activeAgent(event.agent);
  if (!agent) return null;
  switch (event.type) {
    case 'message': {
      const { message } = event;
      const conversation = { agent: agent.configName, network: deps.network, channelId: message.channelId };
      if (!message.isAgent && !isGroupChannel(message.channelId)) {
        deps.partnerTyping.seen(conversation, deps.clock.now());
      }
      const lookups = new ChatLookups(deps.port, conversation);
      const decision = await gateMessage(message, gateLookups(deps, agent, conversation, lookups));
      if (!decision.accept) {
        logRejection(deps, conversation, 'message', decision);
        return null;
      }
      return {
        conversation,
        trigger: {
          ...NO_TRIGGER,
          messageId: message.messageId,
          callout: decision.callout,
          clearMentions: message.mentioned,
        },
        lookups,
      };
    }
    case 'reaction': {
      const conversation = { agent: agent.configName, network: deps.network, channelId: event.channelId };
      const [reacted] = await deps.port.fetchHistory(agent.configName, event.channelId, {
        limit: 1,
        afterMessageId: event.messageId - 1,
        beforeMessageId: event.messageId + 1,
      });
      const lookups = new ChatLookups(deps.port, conversation);
      const decision = await gateReaction(
        event.channelId,
        reacted?.messageId === event.messageId ? reacted : null,
        event.reactions,
        gateLookups(deps, agent, conversation, lookups),
      );
      if (!decision.accept) {
        logRejection(deps, conversation, 'reaction', decision);
        return null;
      }
      return {
        conversation,
        trigger: { ...NO_TRIGGER, reactionMessageIds: [event.messageId], clearReactions: true },
        lookups,
      };
    }
    case 'typing': {
      if (!isGroupChannel(event.channelId) && event.userId === event.channelId) {
        const conversation = { agent: agent.configName, network: deps.network, channelId: event.channelId };
        deps.partnerTyping.seen(conversation, deps.clock.now());
      }
      return null;
    }
    case 'edit':
    case 'delete':
    case 'read':
      return null;
    default: {
      const unknown: never = event;
      throw new Error(`Unknown inbound event ${JSON.stringify(unknown)}`);
    }
  }
}
