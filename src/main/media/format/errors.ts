/** What was wrong with the media, for callers that file the failure (unsupported, corrupt, ...). */
export type MediaFormatProblem =
  | 'too-large'
  | 'corrupt'
  | 'truncated'
  | 'not-lottie'
  | 'invalid-json'
  | 'load-failed'
  | 'render-failed';

/**
 * Media whose bytes cannot be used as the format they claim. The message is a reason a person can
 * read ("the gzip data is truncated"); retrying the same bytes will fail the same way.
 */
export class MediaFormatError extends Error {
  override readonly name = 'MediaFormatError';

  constructor(
    readonly problem: MediaFormatProblem,
    message: string,
  ) {
    super(message);
  }
}
