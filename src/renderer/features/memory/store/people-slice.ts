import type { ApiClient } from '../../../../shared/api/client';
import type { MemoryFact, MemoryProfile } from '../../../../shared/domain/memory';
import { agentNetworkKey, agentNetworkOf, type FactSet, personKey, personOf } from '../model';
import { changeById, type Removed, removeById, restore, upsertById } from './by-id';
import type { RunModel } from './model-runs';
import type { Parts } from './parts';
import type { PeopleActions } from './types';

/** The set after the runtime wrote `fact`, correcting `supersedes` when given. */
function withFact(set: FactSet, fact: MemoryFact, supersedes: string | undefined): FactSet {
  if (supersedes === undefined) {
    return { current: upsertById(set.current, fact), history: upsertById(set.history, fact) };
  }
  const superseded = (old: MemoryFact) => ({ ...old, supersededBy: fact.id, supersededAt: fact.writtenAt });
  return {
    current: changeById(set.current, supersedes, () => fact),
    history: upsertById(changeById(set.history, supersedes, superseded), fact),
  };
}

/** The people an agent knows, and for each its facts and profile. */
export function createPeopleActions(api: ApiClient, parts: Parts, runModel: RunModel): PeopleActions {
  return {
    loadPeople: (ref) =>
      parts.load(
        'people',
        agentNetworkKey(ref),
        async () => (await api.call('memory.people', agentNetworkOf(ref))).people,
      ),

    loadFacts: (ref) => parts.load('facts', personKey(ref), () => api.call('memory.facts', personOf(ref))),

    loadProfile: (ref) =>
      parts.load(
        'profiles',
        personKey(ref),
        async () => (await api.call('memory.profile', personOf(ref))).profile,
      ),

    // A correction shows its new words at once in place of the old fact; the runtime's answer
    // then puts the new fact there and the old one in the history. Anything else the write
    // changed (an older fact with the same key) arrives with `memory.changed`.
    putFact(ref, draft) {
      const { supersedes } = draft;
      let before: MemoryFact | undefined;
      return parts.mutate('facts', personKey(ref), {
        call: async () => (await api.call('memory.putFact', { ...personOf(ref), fact: draft })).fact,
        show:
          supersedes === undefined
            ? undefined
            : (set) => ({
                ...set,
                current: changeById(set.current, supersedes, (fact) => {
                  before = fact;
                  return { ...fact, category: draft.category, content: draft.content.trim() };
                }),
              }),
        settle: (set, fact) => withFact(set, fact, supersedes),
        undo: (set) =>
          before && supersedes
            ? { ...set, current: changeById(set.current, supersedes, () => before!) }
            : set,
      });
    },

    async retractFact(ref, id) {
      let removed: Removed<MemoryFact> = null;
      const at = new Date().toISOString();
      await parts.mutate('facts', personKey(ref), {
        call: () => api.call('memory.retractFact', { ...personOf(ref), id }),
        show(set) {
          const result = removeById(set.current, id);
          removed = result.removed;
          return {
            current: result.items,
            history: changeById(set.history, id, (fact) => ({ ...fact, retractedAt: at })),
          };
        },
        undo: (set) => ({
          current: restore(set.current, removed),
          history: changeById(set.history, id, (fact) => ({ ...fact, retractedAt: null })),
        }),
      });
    },

    async putProfile(ref, text) {
      let before: MemoryProfile | null = null;
      await parts.mutate('profiles', personKey(ref), {
        call: async () => (await api.call('memory.putProfile', { ...personOf(ref), text })).profile,
        show(profile) {
          before = profile;
          return { text: text.trim(), writtenBy: 'operator', updatedAt: new Date().toISOString() };
        },
        settle: (_profile, written) => written,
        undo: () => before,
      });
    },

    // What reflection wrote (profile, facts, intentions) comes back as `memory.changed`.
    reflectNow: (ref) =>
      runModel('reflections', personKey(ref), () => api.call('memory.reflectNow', personOf(ref))),
  };
}
