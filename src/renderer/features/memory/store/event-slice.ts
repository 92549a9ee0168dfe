import type { MemoryChange } from '../../../../shared/api/memory-contract';
import {
  agentListRefs,
  agentNetworkKey,
  conversationKey,
  conversationListRefs,
  listKey,
  personKey,
} from '../model';
import type { Parts } from './parts';
import type { MemoryEventActions, MemoryPart, MemoryPartRefs } from './types';

type PartFunctions<R> = { [P in MemoryPart]: (ref: MemoryPartRefs[P]) => R };

/** The key of each part's records. */
const KEYS: PartFunctions<string> = {
  lists: listKey,
  people: agentNetworkKey,
  facts: personKey,
  profiles: personKey,
  summaries: conversationKey,
  sessions: conversationKey,
};

/** The load action of each part. */
type PartLoaders = PartFunctions<Promise<void>>;

/** The keys of a per-person part loaded for the change's agent and network. */
function personKeysOf(parts: Parts, part: MemoryPart, change: MemoryChange): string[] {
  if (change.partnerId !== null) return [personKey({ ...change, partnerId: change.partnerId })];
  return parts.loadedKeys(part).filter((key) => {
    const [agent, network] = JSON.parse(key) as [string, string, number];
    return agent === change.agent && network === change.network;
  });
}

/**
 * Live changes: each `memory.changed` reloads the part it names, and only where a view shows
 * it. The engine names the conversation it was in for any entry it wrote, so an entry change
 * reloads the agent's lists as well as that conversation's.
 */
export function createMemoryEventActions(parts: Parts, loaders: PartLoaders): MemoryEventActions {
  return {
    follow(part, ref) {
      return parts.follow(part, KEYS[part](ref), () => void loaders[part](ref));
    },

    applyChange(change) {
      const { channelId } = change;
      const conversation = channelId === null ? null : { ...change, channelId };
      switch (change.what) {
        case 'entries': {
          const lists = [
            ...agentListRefs(change),
            ...(conversation ? conversationListRefs(conversation) : []),
          ];
          for (const ref of lists) parts.reload('lists', listKey(ref));
          return;
        }
        case 'summaries':
        case 'sessions':
          if (conversation) parts.reload(change.what, conversationKey(conversation));
          return;
        case 'facts':
          parts.reload('people', agentNetworkKey(change));
          for (const key of personKeysOf(parts, 'facts', change)) parts.reload('facts', key);
          return;
        case 'profile':
          for (const key of personKeysOf(parts, 'profiles', change)) parts.reload('profiles', key);
          return;
        default:
          return change.what satisfies never;
      }
    },

    resync() {
      parts.reloadAll();
    },
  };
}
