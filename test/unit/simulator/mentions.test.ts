import { describe, expect, it } from 'vitest';
import { mentionsUsername } from '../../../src/main/simulator/mentions';

describe('mentionsUsername', () => {
  it('finds the handle anywhere in the text, ignoring case', () => {
    expect(mentionsUsername('@cindy_lou hi', 'cindy_lou')).toBe(true);
    expect(mentionsUsername('what do you think, @Cindy_Lou?', 'cindy_lou')).toBe(true);
    expect(mentionsUsername('hey\n@CINDY_LOU', 'cindy_lou')).toBe(true);
  });

  it('ignores a longer handle that starts the same', () => {
    expect(mentionsUsername('@cindy_lou2 hi', 'cindy_lou')).toBe(false);
    expect(mentionsUsername('@cindy_lou_fan hi', 'cindy_lou')).toBe(false);
  });

  it('ignores e-mail addresses and the bare name', () => {
    expect(mentionsUsername('write to mail@cindy_lou', 'cindy_lou')).toBe(false);
    expect(mentionsUsername('cindy_lou is nice', 'cindy_lou')).toBe(false);
  });

  it('never matches when the agent has no username', () => {
    expect(mentionsUsername('@anyone', null)).toBe(false);
  });
});
