import type { ConversationKey } from '../../../shared/domain/conversation-key';
import type { Store } from '../../store';

/** The agent's planned messages in this conversation wait for the operator: its own setting, else the agent's. */
export function requiresApproval(store: Store, conversation: ConversationKey): boolean {
  return (
    store.conversationSettings.get(conversation).approvalOverride ??
    store.agentSteering.get(conversation.agent).requireApproval
  );
}
