import type { MemoryEntry } from '../../../../shared/domain/memory';
import { memoryOwner } from '../../entries/property-entries';
import {
  type Candidate,
  newCandidate,
  type RecallKind,
  type RecallSource,
  type SourceContext,
} from '../candidate';
import { parseStoredDate, rankTexts } from './ranked-texts';

/**
 * What the agent wrote down: the chat's notes and its memories (agent-wide, from every chat of
 * the network). Plans and intentions are what it means to do, shown in the prompt already; they
 * are not looked up.
 */

const DAY_MS = 86_400_000;

function candidate(kind: RecallKind, entry: MemoryEntry): Candidate {
  return newCandidate(kind, entry.id, entry.content, {
    date: entry.created,
    byAgent: true,
    at: parseStoredDate(entry.created),
  });
}

export const entrySource: RecallSource = {
  kinds: ['note', 'memory'],
  collect(context: SourceContext): Candidate[] {
    const { store, conversation } = context;
    const candidates = [
      ...store.memoryEntries.list(memoryOwner('note', conversation)).map((entry) => candidate('note', entry)),
      ...store.memoryEntries
        .list(memoryOwner('memory', conversation))
        .map((entry) => candidate('memory', entry)),
    ];
    return rankTexts(candidates, context, (found) =>
      found.at === null ? null : { from: found.at, to: found.at + (found.date?.length === 10 ? DAY_MS : 1) },
    );
  },
};
