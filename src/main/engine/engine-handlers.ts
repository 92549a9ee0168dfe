import type { AgentConfig } from '../../shared/domain/config';
import type { ConversationKey } from '../../shared/domain/conversation-key';
import { readableDocumentNames } from '../retrieval';
import type { MemoryWork } from './background/memory-work';
import type { ConversationEngineDeps, EngineCore, MemoryTouch } from './engine-core';
import type { Pacing } from './pacing/typing-delay';
import { createTaskHandlers } from './tasks/handler-registry';
import type { GraphTaskDeps } from './tasks/task-deps';
import type { TaskHandler } from './tasks/task-handler';
import { receivedHandler } from './turn/received-turn';

/** What the task handlers need of the engine beyond its core. */
export interface EngineHandlerWiring extends Pick<GraphTaskDeps, 'requestTurn'> {
  pacing: (agent: AgentConfig) => Pacing;
  memory: MemoryWork;
  onMemoryChanged: (conversation: ConversationKey, touched: MemoryTouch[]) => void;
}

/** The engine's task handlers by kind: the received turn and the graph tasks, over the core. */
export function engineTaskHandlers(
  core: EngineCore,
  deps: ConversationEngineDeps,
  wiring: EngineHandlerWiring,
): (kind: string) => TaskHandler {
  const { memory } = wiring;
  const received = receivedHandler({
    nextLoopTurn: () => core.loopTurns.next(),
    port: deps.port,
    store: deps.store,
    clock: deps.clock,
    logger: core.logger,
    llm: deps.llm,
    prompts: deps.prompts,
    defaultAgentLlm: () => deps.settings().engine.defaultAgentLlm,
    engineSettings: () => deps.settings().engine,
    pacing: wiring.pacing,
    timeZone: (agent) => core.timeZone(agent),
    onExchange: (conversation, exchange) => core.emit({ type: 'exchange', conversation, exchange }),
    onThinking: (conversation, since) => core.emitThinking(conversation, since),
    embedder: () => deps.embedder?.() ?? null,
    media: deps.media ?? null,
    documents: (agent) =>
      deps.retrieval ? readableDocumentNames(agent, deps.retrieval.configDirs()) : Promise.resolve([]),
    mediaBudget: () => deps.settings().media.descriptionsPerTurn,
    onMemoryChanged: wiring.onMemoryChanged,
    requestSummary: (request) => memory.requestSummary(request),
    afterExchange: (conversation, agent) => memory.afterExchange(conversation, agent),
  });
  return createTaskHandlers(
    {
      port: deps.port,
      store: deps.store,
      clock: deps.clock,
      logger: core.logger,
      requestTurn: wiring.requestTurn,
      timeZone: (agent) => core.timeZone(agent),
      ...(deps.retrieval ? { retrieval: deps.retrieval } : {}),
    },
    received,
  );
}
