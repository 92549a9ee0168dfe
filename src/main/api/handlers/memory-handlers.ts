import { ApiError, type ConversationRef, type Network } from '../../../shared/api';
import type { MemoryChange, MemoryListRef } from '../../../shared/api/memory-contract';
import type { Clock } from '../../clock';
import { type ConfigService, PromptNotFoundError } from '../../config';
import type { ConversationEngine } from '../../engine';
import { ConversationBusyError } from '../../engine';
import type { Logger } from '../../logging';
import {
  MemoryEditError,
  putEntryAsOperator,
  putFactAsOperator,
  putSummaryAsOperator,
  recallMemory,
} from '../../memory';
import type { MemoryOwner, Store } from '../../store';
import type { ApiHandlers } from '../dispatcher';
import type { EventHub } from '../event-hub';
import { requireAgent } from './simulator-handlers';

export interface MemoryHandlerDeps {
  store: Store;
  clock: Clock;
  config: ConfigService;
  events: EventHub;
  logger: Logger;
  /** The engine of a network, for the work that needs the model ("summarize now"). */
  engine(network: Network): ConversationEngine | null;
  /** The zone of agents whose file names none. */
  defaultTimeZone: string;
}

type MemoryProcedure = Extract<keyof ApiHandlers, `memory.${string}`>;

function ownerOf(list: MemoryListRef): MemoryOwner {
  const { agent, network, scope } = list;
  return scope === 'note' || scope === 'plan'
    ? { agent, network, scope, channelId: list.channelId! }
    : { agent, network, scope };
}

function apiError(error: unknown): unknown {
  if (error instanceof MemoryEditError) {
    return new ApiError(error.kind === 'not_found' ? 'not_found' : 'invalid_input', error.message);
  }
  if (error instanceof ConversationBusyError) return new ApiError('conflict', error.message);
  if (error instanceof PromptNotFoundError) return new ApiError('unavailable', error.message);
  return error;
}

/**
 * The operator's view of what agents remember, and the changes the operator makes to it. Every
 * change is announced (`memory.changed`), as the engine announces the agent's own.
 */
export function createMemoryHandlers(deps: MemoryHandlerDeps): Pick<ApiHandlers, MemoryProcedure> {
  const { store, events } = deps;
  const timeZoneOf = (agent: string) =>
    deps.config.config.agents.find((candidate) => candidate.configName === agent)?.timezone ??
    deps.defaultTimeZone;
  const editing = <T>(agent: string, edit: () => T): T => {
    requireAgent(deps.config, agent);
    try {
      return edit();
    } catch (error) {
      throw apiError(error);
    }
  };
  const withEngine = async <T>(
    conversation: ConversationRef,
    work: (engine: ConversationEngine) => Promise<T>,
  ): Promise<T> => {
    requireAgent(deps.config, conversation.agent);
    const engine = deps.engine(conversation.network);
    if (!engine)
      throw new ApiError('unavailable', `Troupe is not running ${conversation.network} conversations now.`);
    try {
      return await work(engine);
    } catch (error) {
      throw apiError(error);
    }
  };
  const changed = (
    ref: { agent: string; network: Network },
    what: MemoryChange['what'],
    place: { channelId?: number | undefined; partnerId?: number | undefined },
  ) =>
    events.emit('memory.changed', {
      agent: ref.agent,
      network: ref.network,
      what,
      channelId: place.channelId ?? null,
      partnerId: place.partnerId ?? null,
    });

  return {
    'memory.entries': (list) =>
      editing(list.agent, () => ({ entries: store.memoryEntries.list(ownerOf(list)) })),
    'memory.putEntry': ({ list, entry }) =>
      editing(list.agent, () => {
        const written = putEntryAsOperator(store, ownerOf(list), entry, {
          timeZone: timeZoneOf(list.agent),
          now: deps.clock.now(),
        });
        changed(list, 'entries', list);
        return { entry: written };
      }),
    'memory.deleteEntry': ({ list, id }) =>
      editing(list.agent, () => {
        const deleted = store.memoryEntries.delete(ownerOf(list), id);
        if (deleted) changed(list, 'entries', list);
        return { deleted };
      }),
    'memory.summaries': (conversation) =>
      editing(conversation.agent, () => ({ summaries: store.summaries.list(conversation) })),
    'memory.putSummary': ({ conversation, summary }) =>
      editing(conversation.agent, () => {
        const written = putSummaryAsOperator(store, conversation, summary, {
          timeZone: timeZoneOf(conversation.agent),
          now: deps.clock.now(),
        });
        changed(conversation, 'summaries', conversation);
        return { summary: written };
      }),
    'memory.deleteSummary': ({ conversation, id }) =>
      editing(conversation.agent, () => {
        const deleted = store.summaries.delete(conversation, id);
        if (deleted) changed(conversation, 'summaries', conversation);
        return { deleted };
      }),
    'memory.summarizeNow': (conversation) =>
      withEngine(conversation, (engine) => engine.summarizeNow(conversation)),
    'memory.sessions': (conversation) =>
      editing(conversation.agent, () => ({ sessions: store.sessionMemory.sessions(conversation) })),
    'memory.deleteSession': ({ conversation, id }) =>
      editing(conversation.agent, () => {
        const deleted = store.sessionMemory.deleteSession(conversation, id);
        if (deleted) changed(conversation, 'sessions', conversation);
        return { deleted };
      }),
    'memory.profile': ({ agent, network, partnerId }) =>
      editing(agent, () => ({ profile: store.sessionMemory.profile(agent, network, partnerId) })),
    'memory.putProfile': ({ text, ...owner }) =>
      editing(owner.agent, () => {
        const profile = { text, writtenBy: 'operator' as const, updatedAt: deps.clock.now().toISOString() };
        store.sessionMemory.putProfile(owner.agent, owner.network, owner.partnerId, profile);
        changed(owner, 'profile', owner);
        return { profile };
      }),
    'memory.reflectNow': ({ agent, network, partnerId }) => {
      const conversation = { agent, network, channelId: partnerId };
      return withEngine(conversation, (engine) => engine.reflectNow(conversation));
    },
    'memory.people': ({ agent, network }) =>
      editing(agent, () => ({ people: store.facts.people(agent, network) })),
    'memory.facts': (owner) =>
      editing(owner.agent, () => ({
        current: store.facts.current(owner),
        history: store.facts.history(owner),
      })),
    'memory.putFact': ({ fact, ...owner }) =>
      editing(owner.agent, () => {
        const written = putFactAsOperator(store, owner, fact, deps.clock.now());
        changed(owner, 'facts', owner);
        return { fact: written };
      }),
    'memory.retractFact': ({ id, ...owner }) =>
      editing(owner.agent, () => {
        const retracted = store.facts.retract(owner, id, deps.clock.now());
        if (retracted) changed(owner, 'facts', owner);
        return { retracted };
      }),
    'memory.recall': async ({ query, limit, ...conversation }) => {
      requireAgent(deps.config, conversation.agent);
      const items = await recallMemory(
        store,
        {
          conversation,
          queryTexts: [query],
          now: deps.clock.now(),
          timeZone: timeZoneOf(conversation.agent),
          ...(limit === undefined ? {} : { limit }),
        },
        deps.logger,
      );
      return {
        items: items.map((item) => ({
          kind: item.kind,
          text: item.text,
          score: item.score,
          date: item.date,
          messageIds: item.messageIds,
        })),
      };
    },
  };
}
