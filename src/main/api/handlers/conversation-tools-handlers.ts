import { ApiError, TASK_LOG_PAGE_LIMIT, type TranslationRemedy } from '../../../shared/api';
import { LlmError, type LlmErrorKind } from '../../llm';
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

/** LLM failures only the operator can mend, in Settings: the key, the model's name, the request it builds. */
const FIXED_IN_SETTINGS: ReadonlySet<LlmErrorKind> = new Set(['auth', 'not_found', 'bad_request']);

/**
 * Why a translation failed, as the operator reads it (a missing key names where to set it), with
 * its remedy in the details (see `translationRemedy`).
 */
function translationError(error: unknown): unknown {
  if (error instanceof LlmError) {
    const remedy: TranslationRemedy = FIXED_IN_SETTINGS.has(error.kind) ? 'settings' : 'retry';
    return new ApiError('unavailable', `Translation failed: ${error.message}`, undefined, { remedy });
  }
  if (error instanceof TranslationAnswerError) {
    return new ApiError(
      'unavailable',
      `The model's translation could not be used: ${error.message}`,
      undefined,
      { remedy: 'retry' satisfies TranslationRemedy },
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
