import type { AgentConfig } from '../../../shared/domain/config';
import type { Retriever } from '../../retrieval';
import { scheduleDocument } from '../../schedule';
import { checkedParams, type GraphTaskDeps } from './task-deps';
import { PermanentTaskError, type TaskHandler } from './task-handler';

/** How long a conversation's turns keep seeing a document it retrieved. */
export const RETRIEVED_DOCUMENT_LIFETIME_MS = 15 * 60 * 1000;

/** What the engine retrieves with: the retriever, and the config path `file:` documents are read from. */
export interface EngineRetrieval {
  retriever: Retriever;
  configDirs: () => readonly string[];
}

/** The retrieve task's own needs: the retrieval, and the agent's zone its schedule is shown in. */
export type RetrieveTaskDeps = GraphTaskDeps & {
  retrieval?: EngineRetrieval;
  timeZone: (agent: AgentConfig) => string;
};

/**
 * The `retrieve` task a retrieving turn leaves behind: reads its addresses in parallel and keeps
 * each document for the conversation, also when a newer message cancelled the task meanwhile (the
 * next turn may still want it). The task log lists each fetch: address, status, bytes, time and
 * whether the cache answered.
 */
export function retrieveHandler(deps: RetrieveTaskDeps): TaskHandler {
  return async ({ conversation, node, agent, signal }) => {
    const { retrieval } = deps;
    if (!retrieval) throw new PermanentTaskError('Retrieval is not set up in this engine.');
    const { urls } = checkedParams('retrieve', node.params);
    const files = {
      agent,
      configDirs: retrieval.configDirs(),
      mediaLibrary: () => deps.port.listMedia(agent.configName),
      schedule: () =>
        scheduleDocument(
          agent.name,
          deps.store.schedules.get(agent.configName).activities,
          deps.timeZone(agent),
        ),
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
