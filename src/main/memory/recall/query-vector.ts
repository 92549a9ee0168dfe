import type { Embedder } from '../../llm';
import type { Logger } from '../../logging';
import type { EmbeddingSpace, Store } from '../../store';

/**
 * The question as a vector, on the turn's path: one short request to the embedding model, given
 * up after a deadline (the turn waits for nothing slow), and only when the archive has vectors of
 * that model to compare with. Any failure is one log line; recall then keeps to words.
 */

/** How long a turn waits for the question's vector. */
export const QUERY_EMBEDDING_TIMEOUT_MS = 1_500;
/** The newest texts embedded as the question (the newest last), at most this many characters. */
const QUESTION_TEXTS = 2;
const QUESTION_CHARS = 1_000;

export async function embedQuestion(
  store: Pick<Store, 'archiveVectors'>,
  request: {
    embedder?: Embedder | null | undefined;
    queryTexts: readonly string[];
    timeoutMs?: number | undefined;
  },
  logger: Logger,
): Promise<{ space: EmbeddingSpace; vector: Float32Array } | null> {
  const { embedder } = request;
  if (!embedder || !store.archiveVectors.availability().ok) return null;
  const space = store.archiveVectors.space(embedder.model);
  if (space === null) return null;
  const question = request.queryTexts.slice(-QUESTION_TEXTS).join('\n').slice(-QUESTION_CHARS);
  if (question.trim() === '') return null;
  try {
    const [vector] = await embedder.embed([question], {
      timeoutMs: request.timeoutMs ?? QUERY_EMBEDDING_TIMEOUT_MS,
    });
    if (!vector || vector.length !== space.dimensions) {
      throw new Error(
        `the model answered ${vector?.length ?? 0} dimensions; its archive vectors have ${space.dimensions}`,
      );
    }
    return { space, vector };
  } catch (error) {
    logger.warn(
      { err: error, model: embedder.model },
      'embedding the recall question failed; recalling by words only',
    );
    return null;
  }
}
