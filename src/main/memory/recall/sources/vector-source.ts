import type { Candidate, RecallSource, SourceContext } from '../candidate';
import { assignRanks } from '../candidate';
import { messageCandidate } from './archive-source';

/**
 * The archive by meaning: the chat's messages whose vectors are nearest the question's, so "how
 * often does she go climbing?" finds "bouldering three times a week". Only when the turn could
 * embed its question (an embedding model is set, the archive has vectors of it, and the model
 * answered in time).
 */

/** Nearest messages taken: fusion keeps the best; the rest of a chat is rarely near. */
const NEAREST = 30;
/**
 * How much further than the nearest a message may be (cosine distance) and still count as near:
 * ranks alone would give the tenth of ten unrelated messages nearly the credit of a paraphrase.
 * Relative to the nearest, because models differ in how far apart unrelated texts are.
 */
const DISTANCE_MARGIN = 0.15;

export const vectorSource: RecallSource = {
  kinds: ['message'],
  collect(context: SourceContext): Candidate[] {
    const { queryVector } = context;
    if (queryVector === null) return [];
    const near = context.store.archiveVectors.nearest(
      queryVector.space,
      context.conversation,
      queryVector.vector,
      {
        k: NEAREST,
        beforeMessageId: context.beforeMessageId,
      },
    );
    const nearest = near[0]?.distance ?? 0;
    const found = near
      .filter((entry) => entry.distance <= nearest + DISTANCE_MARGIN)
      .map((entry) => messageCandidate(entry.message));
    assignRanks(found, 'vector');
    return found;
  },
};
