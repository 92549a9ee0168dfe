import { LlmError } from './provider';

/** Opens every metadata line of the transcript we render (`⟦metadata⟧ sender=...`). */
export const TRANSCRIPT_MARKER = '⟦';

/**
 * A reply that opens with our transcript marker is the model imitating a transcript line instead
 * of answering; asking again usually gives a proper reply, so it is a retryable `malformed`.
 */
export function rejectTranscriptEcho(text: string, providerLabel: string): void {
  if (text.trimStart().startsWith(TRANSCRIPT_MARKER)) {
    throw new LlmError(
      'malformed',
      `${providerLabel} echoed the transcript format instead of replying (the reply starts with ${TRANSCRIPT_MARKER}).`,
      { retryable: true },
    );
  }
}
