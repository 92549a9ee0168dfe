import type { AgentConfig } from '../../../shared/domain/config';
import type { ChatInfo, ChatMsg } from '../../../shared/domain/conversation';
import type { ConversationKey } from '../../../shared/domain/conversation-key';
import type { SummaryOrigin } from '../../../shared/domain/memory';

export interface SummarizeRequest {
  conversation: ConversationKey;
  agent: AgentConfig;
  agentId: number | null;
  chat: ChatInfo;
  /** The conversation's model name (its override, the agent's, or the default). */
  modelName: string;
  /** The messages to summarize, oldest first; those a summary covers meanwhile are skipped. */
  messages: readonly ChatMsg[];
  timeZone: string;
  origin: SummaryOrigin;
  signal: AbortSignal;
}

export interface SummarizeResult {
  /** Summaries written (created or revised). */
  written: number;
  /** Summaries merged away by consolidation. */
  consolidated: number;
  /** Model calls made to write them: a call that wrote nothing still cost one. */
  modelCalls: number;
}
