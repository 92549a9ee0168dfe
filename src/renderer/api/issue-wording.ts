/**
 * The API validates input with zod and sends its default English messages ("Too small: expected
 * number to be >=1"); these say the same as a person would ("Enter a number of at least 1.").
 * Messages a procedure words itself pass through unchanged.
 */

const BOUNDED = /^Too (small|big): expected (\w+) to (?:be|have) (>=|<=|>|<|exactly )(\S+)(?: (\w+))?$/;
const MISTYPED = /^Invalid input: expected (\w+), received (\w+)$/;

const NUMBER_BOUNDS: Record<string, string> = {
  '>=': 'of at least',
  '<=': 'of at most',
  '>': 'above',
  '<': 'below',
  'exactly ': 'of exactly',
};
const SIZE_BOUNDS: Record<string, string> = {
  '>=': 'at least',
  '<=': 'at most',
  '>': 'more than',
  '<': 'fewer than',
  'exactly ': 'exactly',
};
const ONE_OF: Record<string, string> = {
  characters: 'character',
  items: 'item',
  entries: 'entry',
  bytes: 'byte',
};
const NUMBERS = new Set(['number', 'int', 'bigint']);

const EXPECTED: Record<string, string> = {
  number: 'Enter a number.',
  int: 'Enter a whole number.',
  string: 'Enter some text.',
  boolean: 'Choose yes or no.',
};

/** A bound on a number ("to be <=100") or on a size ("to have >=5 characters"). */
function boundInWords(origin: string, bound: string, limit: string, unit: string | undefined): string | null {
  if (unit === undefined)
    return NUMBERS.has(origin) ? `Enter a number ${NUMBER_BOUNDS[bound]} ${limit}.` : null;
  if (bound === '>=' && limit === '1') return 'Fill this in.';
  return `Use ${SIZE_BOUNDS[bound]} ${limit} ${limit === '1' ? (ONE_OF[unit] ?? unit) : unit}.`;
}

export function readableIssue(message: string): string {
  const bounded = BOUNDED.exec(message);
  if (bounded) {
    const [, , origin = '', bound = '', limit = '', unit] = bounded;
    return boundInWords(origin, bound, limit, unit) ?? message;
  }
  const mistyped = MISTYPED.exec(message);
  if (mistyped) {
    const [, expected = '', received = ''] = mistyped;
    if (received === 'undefined' || received === 'null') return 'Fill this in.';
    return EXPECTED[expected] ?? message;
  }
  return message;
}
