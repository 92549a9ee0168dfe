import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** The secret in the login link printed at start; it opens one browser session, then it is spent. */
export interface LoginToken {
  readonly value: string;
  /** True once, for the right token; false for a wrong one and for every later attempt. */
  redeem(candidate: string): boolean;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

export function createLoginToken(): LoginToken {
  const value = randomBytes(32).toString('base64url');
  const expected = digest(value);
  let spent = false;
  return {
    value,
    redeem(candidate) {
      // Comparing fixed-length digests keeps the comparison constant-time whatever the input.
      const matches = timingSafeEqual(digest(candidate), expected);
      if (!matches || spent) return false;
      spent = true;
      return true;
    },
  };
}
