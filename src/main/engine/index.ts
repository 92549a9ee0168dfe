/** The conversation engine: inbound gates, task graphs, event-driven scheduling, task handlers. */

export { type ConversationKey, conversationKeyString } from '../../shared/domain/conversation-key';
export { ConversationBusyError } from './background/memory-work';
export {
  AgentBusyError,
  ConversationEngine,
  type ConversationEngineDeps,
  type ConversationParametersPatch,
  type EngineEvent,
} from './conversation-engine';
export {
  type PlannedSchedule,
  SCHEDULE_OPERATION,
  ScheduleExtensionError,
} from './daily-schedule/plan-schedule';
export { ScheduleExtender, type ScheduleExtenderDeps } from './daily-schedule/schedule-extender';
export { PARTNER_TYPING_WINDOW_MS } from './pacing/partner-typing';
export { NO_PACING, type Pacing, typingDelaySeconds } from './pacing/typing-delay';
export type { SpendingState } from './steering/spending-limit';
export type { OperatorMessage } from './steering/takeover';
export { TaskActionError } from './steering/task-actions';
export { type EngineRetrieval, RETRIEVED_DOCUMENT_LIFETIME_MS } from './tasks/retrieve-task';
