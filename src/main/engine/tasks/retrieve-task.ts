import { noSchedule, type Retriever } from '../../retrieval';
import { checkedParams, type GraphTaskDeps } from './task-deps';
import { PermanentTaskError, type TaskHandler } from './task-handler';

/** How long a conversation's turns keep seeing a document it retrieved. */
export const RETRIEVED_DOCUMENT_LIFETIME_MS = 15 * 60 * 1000;

/** What the engine retrieves with: the retriever, and the config path `file:` documents are read from. */
export interface EngineRetrieval {
  retriever: Retriever;
  configDirs: () => readonly string[];
}

/**
 * The `retrieve` task a retrieving turn leaves behind: reads its addresses in parallel and keeps
 * each document for the conversation, also when a newer message cancelled the task meanwhile (the
 * next turn may still want it). The task log lists each fetch: address, status, bytes, time and
 * whether the cache answered.
 */
export function retrieveHandler(deps: GraphTaskDeps & { retrieval?: EngineRetrieval }): TaskHandler {
  return async ({ conversation, node, agent, signal }) => {
    const { retrieval } = deps;
    if (!retrieval) throw new PermanentTaskError('Retrieval is not set up in this engine.');
    const { urls } = checkedParams('retrieve', node.params);
    const files = {
      agent,
      configDirs: retrieval.configDirs(),
      mediaLibrary: () => deps.port.listMedia(agent.configName),
      schedule: noSchedule,
    };
    const results = await Promise.all(
      urls.map((url) => retrieval.retriever.retrieve(url, { signal, files })),
    );
    return {
      record: () => {
        const now = deps.clock.now();
        const expiresAt = new Date(now.getTime() + RETRIEVED_DOCUMENT_LIFETIME_MS).toISOString();
        deps.store.retrieval.dropExpiredDocuments(now);
        for (const result of results) {
          deps.store.retrieval.keepDocument(conversation, {
            url: result.url,
            text: result.text,
            fetchedAt: result.fetchedAt.toISOString(),
            expiresAt,
          });
        }
      },
      log: {
        fetches: results.map(({ url, status, bytes, ms, cached, read }) => ({
          url,
          status,
          bytes,
          ms,
          cached,
          read,
        })),
      },
    };
  };
}
