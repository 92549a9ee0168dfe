import { describe, expect, it } from 'vitest';
import { createLoginToken } from '../../../src/main/server/login-token';

describe('createLoginToken', () => {
  it('redeems once for the right value and never for a wrong one', { timeout: 1_000 }, () => {
    const token = createLoginToken();
    expect(token.value).toMatch(/^[\w-]{43}$/);
    expect(token.redeem(`${token.value}x`)).toBe(false);
    expect(token.redeem('')).toBe(false);
    expect(token.redeem(token.value)).toBe(true);
    expect(token.redeem(token.value)).toBe(false);
  });

  it('differs between servers', { timeout: 1_000 }, () => {
    expect(createLoginToken().value).not.toBe(createLoginToken().value);
  });
});
