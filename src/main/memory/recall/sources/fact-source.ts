import type { MemoryFact } from '../../../../shared/domain/memory';
import {
  assignRanks,
  type Candidate,
  newCandidate,
  type RecallSource,
  type SourceContext,
} from '../candidate';
import { rareTerms, wordsExpression } from './search-terms';

/**
 * Facts the agent keeps about the people of the chat (the partner of a direct chat; in a group,
 * the people the caller names), found by their own full-text index. A fact stands for the
 * messages it was learnt from: its provenance is its message ids.
 */

const FACTS_PER_PERSON = 20;

function candidate(fact: MemoryFact): Candidate {
  return newCandidate('fact', fact.id, fact.content, {
    date: fact.writtenAt,
    byAgent: true,
    at: Date.parse(fact.writtenAt),
    messageIds: [...fact.sourceMessageIds],
  });
}

export const factSource: RecallSource = {
  kinds: ['fact'],
  collect(context: SourceContext): Candidate[] {
    const { store, conversation, query, stats } = context;
    const terms = rareTerms(query, stats);
    if (terms.length === 0) return [];
    const expression = wordsExpression(terms, query, false);
    const matches = context.partnerIds.flatMap((partnerId) =>
      store.facts.match(
        { agent: conversation.agent, network: conversation.network, partnerId },
        expression,
        FACTS_PER_PERSON,
      ),
    );
    const found = matches.sort((a, b) => a.rank - b.rank).map((match) => candidate(match.fact));
    assignRanks(found, 'source');
    return found;
  },
};
