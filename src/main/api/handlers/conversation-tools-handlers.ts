import { ApiError, TASK_LOG_PAGE_LIMIT } from '../../../shared/api';
import { LlmError } from '../../llm';
import type { Store } from '../../store';
import { TranslationAnswerError, type TranslationRequest } from '../../translation';
import type { ApiHandlers } from '../dispatcher';
import { type ConversationHandlerDeps, conversationAccess } from './conversation-access';
import { taskLogNetwork, taskLogRowView } from './task-log-rows';

type ConversationToolsProcedure = 'conversations.taskLog' | 'conversations.translate';

export interface ConversationToolsHandlerDeps extends ConversationHandlerDeps {
  store: Pick<Store, 'taskLog'>;
  /** Translates a conversation's messages (see `conversations.translate` and `translateMessages`). */
  translate(request: TranslationRequest): Promise<{ messageId: number; text: string }[]>;
}

/** Why a translation failed, as the operator reads it: the model's error (a missing key names where to set it). */
function translationError(error: unknown): unknown {
  if (error instanceof LlmError) return new ApiError('unavailable', `Translation failed: ${error.message}`);
  if (error instanceof TranslationAnswerError) {
    return new ApiError(
      'unavailable',
      `The model's translation could not be used: ${error.message} Try again.`,
    );
  }
  return error;
}

/**
 * The conversation view's tools: the chat's task log for a span of time (shown between its
 * messages) and its messages translated. Both check the conversation first, as every view of it.
 */
export function createConversationToolsHandlers(
  deps: ConversationToolsHandlerDeps,
): Pick<ApiHandlers, ConversationToolsProcedure> {
  const { inConversation } = conversationAccess(deps);
  return {
    'conversations.taskLog': ({ since, until, ...ref }) =>
      inConversation(ref, () => {
        // One more than answered says whether the span held more.
        const newestFirst = deps.store.taskLog
          .list({
            agent: ref.agent,
            channelId: ref.channelId,
            since: new Date(since),
            ...(until === undefined ? {} : { until: new Date(until) }),
            limit: TASK_LOG_PAGE_LIMIT + 1,
          })
          // Rows of the same chat id on the other network are not this conversation's.
          .filter((entry) => taskLogNetwork(entry, () => ref.network) === ref.network);
        return {
          rows: newestFirst.slice(0, TASK_LOG_PAGE_LIMIT).reverse().map(taskLogRowView),
          truncated: newestFirst.length > TASK_LOG_PAGE_LIMIT,
        };
      }),
    'conversations.translate': ({ language, messages, ...ref }) =>
      inConversation(ref, async () => {
        try {
          return { translations: await deps.translate({ conversation: ref, language, messages }) };
        } catch (error) {
          throw translationError(error);
        }
      }),
  };
}
