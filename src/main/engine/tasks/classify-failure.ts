import { LlmError } from '../../llm/provider';
import { MessagingError } from '../../messaging/port';
import { MalformedReplyError } from '../../tasks/reply-parser';
import type { TaskFailure } from '../graph/graph-rules';
import { PermanentTaskError } from './task-handler';

/**
 * How the graph treats an error a task threw: network and LLM errors say themselves whether a
 * retry can help (and a flood wait how long to wait); a malformed reply is a slip worth another
 * try; a PermanentTaskError never is. Anything else is assumed to be transient, as a network
 * hiccup would be, and is retried within the limit.
 */
export function classifyTaskFailure(error: unknown): TaskFailure {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof MessagingError) {
    return { message, retryable: error.retryable, retryAfterSeconds: error.retryAfterSeconds };
  }
  if (error instanceof LlmError) return { message, retryable: error.retryable, retryAfterSeconds: null };
  if (error instanceof MalformedReplyError) return { message, retryable: true, retryAfterSeconds: null };
  if (error instanceof PermanentTaskError) return { message, retryable: false, retryAfterSeconds: null };
  return { message, retryable: true, retryAfterSeconds: null };
}
