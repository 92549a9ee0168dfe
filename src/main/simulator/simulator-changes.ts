import type { ChatInfo, ChatMsg } from '../../shared/domain/conversation';

/**
 * What changed in the simulated network, whoever changed it (a person the operator plays, or the
 * agent). The operator API turns these into console events; the engine listens to the port's
 * InboundEvents instead, which leave out what the agent did itself.
 */
export type SimulatorChange =
  | { type: 'chatCreated'; agent: string; chat: ChatInfo }
  | { type: 'message'; agent: string; message: ChatMsg }
  | { type: 'edit'; agent: string; message: ChatMsg }
  | { type: 'delete'; agent: string; channelId: number; messageIds: number[] }
  /** A reaction was set or removed; `message` carries the full new reaction list. */
  | { type: 'reaction'; agent: string; message: ChatMsg }
  /** The agent read the people's messages, or the people read the agent's, up to a message. */
  | { type: 'read'; agent: string; channelId: number; reader: 'agent' | 'people'; upToMessageId: number }
  /** What the people see of the agent in this chat: typing, and online presence. */
  | { type: 'activity'; agent: string; channelId: number; typing: boolean; online: boolean };

export type { AgentActivity } from '../messaging/agent-presence';
