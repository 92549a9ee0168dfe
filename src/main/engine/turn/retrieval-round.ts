import type { ConversationKey } from '../../../shared/domain/conversation-key';
import type { TurnRetrieval } from '../../prompt';
import { isRetrievableUrl } from '../../retrieval';
import type { Store } from '../../store';
import { validateTaskParams } from '../../tasks/kinds';
import type { ParsedTask } from '../../tasks/reply-parser';
import { extendOnlineWindow } from '../graph/online-window';
import { createNode, type TaskNode } from '../graph/task-graph';
import type { TaskResult } from '../tasks/task-handler';

/**
 * The retrieval loop of a turn, bounded by construction: a reply that asks for new documents is
 * set aside, a `retrieve` task fetches them beside the conversation (holding no LLM slot), and a
 * new turn runs with them in its prompt. Each inbound trigger gets at most MAX_RETRIEVAL_ROUNDS
 * such rounds (counted on the turn's own params, not the retry counter); the last turn is told to
 * answer with what it has. A new message starts the count again.
 */

/** Retrieve→re-run rounds one trigger may take. */
export const MAX_RETRIEVAL_ROUNDS = 3;
/** New addresses one turn may ask for; more are refused with a note in the task log. */
export const MAX_NEW_URLS_PER_TURN = 3;

const ROUND_PARAM = 'retrievalRound';

/** The retrieval rounds already run for the trigger of this turn. */
export function retrievalRoundOf(node: TaskNode): number {
  const round = node.params[ROUND_PARAM];
  return typeof round === 'number' && Number.isInteger(round) && round > 0 ? round : 0;
}

/** The conversation's live documents and whether this turn may retrieve more, for its prompt. */
export function turnRetrieval(
  store: Store,
  conversation: ConversationKey,
  node: TaskNode,
  now: Date,
): TurnRetrieval {
  return {
    documents: store.retrieval.liveDocuments(conversation, now),
    exhausted: retrievalRoundOf(node) >= MAX_RETRIEVAL_ROUNDS,
  };
}

export interface RetrievalRequest {
  /** New addresses to fetch now, in the order asked. */
  fetch: string[];
  refused: { url: string; why: string }[];
}

/**
 * What a reply's `retrieve` tasks ask for: addresses neither malformed, nor already in the
 * prompt, nor past this turn's share. A repeat within the reply counts once.
 */
export function retrievalRequest(
  tasks: readonly ParsedTask[],
  context: { round: number; retrieved: ReadonlySet<string> },
): RetrievalRequest {
  const request: RetrievalRequest = { fetch: [], refused: [] };
  const seen = new Set<string>();
  for (const task of tasks) {
    if (task.kind !== 'retrieve') continue;
    const checked = validateTaskParams('retrieve', task.params);
    if (!checked.ok) {
      request.refused.push({ url: '', why: checked.error });
      continue;
    }
    for (const url of checked.params.urls.map((text) => text.trim())) {
      if (seen.has(url)) continue;
      seen.add(url);
      const why = !isRetrievableUrl(url)
        ? 'only http, https and file: addresses can be retrieved'
        : context.retrieved.has(url)
          ? 'already retrieved: it is in the prompt'
          : context.round >= MAX_RETRIEVAL_ROUNDS
            ? `the ${MAX_RETRIEVAL_ROUNDS} retrieval rounds for this message are used up`
            : request.fetch.length >= MAX_NEW_URLS_PER_TURN
              ? `more than ${MAX_NEW_URLS_PER_TURN} new addresses in one turn`
              : null;
      if (why === null) request.fetch.push(url);
      else request.refused.push({ url, why });
    }
  }
  return request;
}

/**
 * The turn's result when it retrieves: nothing of the reply runs (the next turn answers with the
 * documents in view); a `retrieve` task follows the turn, and a new turn for the same trigger
 * follows it, one round further.
 */
export function retrievalRoundResult(
  received: TaskNode,
  request: RetrievalRequest,
  log: Record<string, unknown>,
): TaskResult {
  const round = retrievalRoundOf(received) + 1;
  return {
    apply: (graph, now) => {
      const retrieve = graph.add(
        createNode({ kind: 'retrieve', params: { urls: request.fetch }, dependsOn: [received.id] }, now),
      );
      graph.add(
        createNode(
          {
            kind: 'received',
            params: { ...received.params, [ROUND_PARAM]: round },
            dependsOn: [retrieve.id],
          },
          now,
        ),
      );
      extendOnlineWindow(graph, now);
    },
    log: { ...log, retrieving: request.fetch, round, ...refusalLog(request) },
  };
}

/** The refused addresses for the turn's task log, when there are any. */
export function refusalLog(request: RetrievalRequest): Record<string, unknown> {
  return request.refused.length > 0 ? { retrieveRefused: request.refused } : {};
}
