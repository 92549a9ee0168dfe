/**
 * How the API reports a login error: `invalid_input` when the operator can fix what they typed
 * (the login stays on its step), `unavailable` when Telegram or the setup stands in the way (the
 * login has ended; start again once the problem is fixed).
 */
export type LoginErrorKind = 'invalid_input' | 'unavailable';

/** A login step that did not go through; the message says what to do, and never holds a secret. */
export class LoginError extends Error {
  override readonly name = 'LoginError';

  constructor(
    readonly kind: LoginErrorKind,
    message: string,
  ) {
    super(message);
  }
}
