import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseInput } from '../../../src/shared/api/input-issues';

/** The one message a value's refusal carries. */
function refusal(schema: z.ZodType, value: unknown): string {
  const parsed = parseInput(schema, value);
  if (parsed.success) throw new Error('accepted');
  return parsed.issues.map((issue) => issue.message).join(' / ');
}

describe('refused fields in words', () => {
  it('words every kind of bound on a number', () => {
    expect(refusal(z.number().gt(0), 0)).toBe('Enter a number above 0.');
    expect(refusal(z.number().lt(10), 10)).toBe('Enter a number below 10.');
    expect(refusal(z.number().int().min(2), 1)).toBe('Enter a number of at least 2.');
  });

  it('words sizes with their unit, one of them as one', () => {
    expect(refusal(z.string().length(3), 'ab')).toBe('Use exactly 3 characters.');
    expect(refusal(z.string().max(2000), 'x'.repeat(2001))).toBe('Use at most 2,000 characters.');
    expect(refusal(z.array(z.string()).max(1), ['a', 'b'])).toBe('Use at most 1 item.');
    expect(refusal(z.string().min(1), '')).toBe('Fill this in.');
  });

  it('keeps what a schema words itself, and names the field', () => {
    const parsed = parseInput(z.object({ name: z.string().min(2, 'Two letters at least.') }), { name: 'a' });
    expect(parsed).toEqual({ success: false, issues: [{ path: 'name', message: 'Two letters at least.' }] });
  });
});
