import type { Network } from '../../../shared/api/conversation-contract';
import type { AgentConfig } from '../../../shared/domain/config';
import type { ConversationKey } from '../../../shared/domain/conversation-key';
import type { Logger } from '../../logging';
import type { MessagingPort, UnreadChat } from '../../messaging/port';
import type { ConversationSettings } from '../../store';
import type { ReceivedParams } from '../graph/received-task';
import type { TaskGraph } from '../graph/task-graph';
import type { GivenUpChats } from './given-up-chats';
import { type UnreadLookups, unreadTrigger } from './unread-trigger';

export interface UnreadScanDeps {
  network: Network;
  port: MessagingPort;
  logger: Logger;
  /** The agent, when it may act on this network now; null otherwise. */
  activeAgent(name: string): AgentConfig | null;
  conversationSettings(conversation: ConversationKey): ConversationSettings;
  graph(conversation: ConversationKey): TaskGraph | null;
  givenUp: GivenUpChats;
  /** The newest message a turn of the agent read in the conversation. */
  readThrough(conversation: ConversationKey): number;
  /** The engine's coalescing path for triggers; false when nothing was inserted. */
  insert(conversation: ConversationKey, trigger: ReceivedParams): Promise<boolean>;
}

function lookupsFor(
  deps: UnreadScanDeps,
  agent: AgentConfig,
  selfId: number,
  conversation: ConversationKey,
  chat: UnreadChat,
): UnreadLookups {
  const name = agent.configName;
  const settings = deps.conversationSettings(conversation);
  return {
    selfId,
    isGagged: () => settings.gaggedOverride ?? agent.gagged,
    takenOver: () => settings.operatorOnly,
    turnInFlight: () =>
      deps.graph(conversation)?.nodes.some((node) => node.kind === 'received' && node.status === 'active') ??
      false,
    gaveUp: () => deps.givenUp.unchanged(conversation, chat),
    readThrough: () => deps.readThrough(conversation),
    isMuted: () => deps.port.isMuted(name, conversation.channelId),
    replyPolicy: () => settings.replyPolicy ?? 'callouts',
    canSend: () => deps.port.canSend(name, conversation.channelId),
  };
}

/**
 * Looks through the agent's unread chats for work the live events missed (the engine or the
 * account was down, an update got lost) and starts a turn where one is due. Resolves to the number
 * of conversations that got a turn or joined a pending one.
 */
export async function scanUnread(agentName: string, deps: UnreadScanDeps): Promise<number> {
  const agent = deps.activeAgent(agentName);
  if (!agent) return 0;
  const [chats, self] = await Promise.all([deps.port.listUnread(agentName), deps.port.self(agentName)]);
  let triggered = 0;
  for (const chat of chats) {
    if (await triggerChat(deps, agent, self.id, chat)) triggered++;
  }
  if (triggered > 0) deps.logger.info({ agent: agentName, triggered }, 'unread scan started turns');
  return triggered;
}

/** One chat of a scan; a failure is logged and costs only this chat. */
async function triggerChat(
  deps: UnreadScanDeps,
  agent: AgentConfig,
  selfId: number,
  chat: UnreadChat,
): Promise<boolean> {
  const conversation = { agent: agent.configName, network: deps.network, channelId: chat.channelId };
  try {
    const decision = await unreadTrigger(chat, lookupsFor(deps, agent, selfId, conversation, chat));
    if (decision.trigger === null) {
      deps.logger.debug({ conversation, reason: decision.reason }, 'unread chat ignored');
      if (decision.reason === 'already-answered') await resendReceipt(deps, conversation, chat);
      return false;
    }
    return await deps.insert(conversation, decision.trigger);
  } catch (error) {
    deps.logger.warn({ err: error, conversation }, 'unread chat could not be looked at');
    return false;
  }
}

/** The network still counts as unread what a turn read: its read receipt is sent again. */
async function resendReceipt(
  deps: UnreadScanDeps,
  conversation: ConversationKey,
  chat: UnreadChat,
): Promise<void> {
  if (chat.lastMessageId === null) return;
  try {
    await deps.port.markRead(conversation.agent, conversation.channelId, {
      upToMessageId: chat.lastMessageId,
      clearMentions: chat.mentioned,
      clearReactions: false,
    });
  } catch (error) {
    deps.logger.warn({ err: error, conversation }, 'read receipt failed again');
  }
}
