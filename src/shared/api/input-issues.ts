import type { z } from 'zod';
import type { ApiErrorPayload } from './errors';

type Issue = z.core.$ZodRawIssue;

const SIZE_UNITS: Record<string, [one: string, many: string]> = {
  string: ['character', 'characters'],
  array: ['item', 'items'],
  set: ['item', 'items'],
  file: ['byte', 'bytes'],
};
const NUMBER_ORIGINS = new Set(['number', 'int', 'bigint']);
const EXPECTED: Record<string, string> = {
  number: 'Enter a number.',
  int: 'Enter a whole number.',
  string: 'Enter some text.',
  boolean: 'Choose yes or no.',
};

/** A number's bound, or a size's, in words: "of at least 1", "at most 200 characters". */
function bound(issue: Extract<Issue, { code: 'too_small' | 'too_big' }>): string | undefined {
  const small = issue.code === 'too_small';
  const limit = small ? issue.minimum : issue.maximum;
  const inclusive = issue.inclusive !== false;
  if (NUMBER_ORIGINS.has(issue.origin)) {
    const relation = issue.exact
      ? 'of exactly'
      : small
        ? inclusive
          ? 'of at least'
          : 'above'
        : inclusive
          ? 'of at most'
          : 'below';
    return `Enter a number ${relation} ${limit}.`;
  }
  const units = SIZE_UNITS[issue.origin];
  if (!units) return undefined;
  if (small && inclusive && !issue.exact && Number(limit) === 1) return 'Fill this in.';
  const relation = issue.exact
    ? 'exactly'
    : small
      ? inclusive
        ? 'at least'
        : 'more than'
      : inclusive
        ? 'at most'
        : 'fewer than';
  return `Use ${relation} ${limit} ${Number(limit) === 1 ? units[0] : units[1]}.`;
}

/**
 * What a refused field says, in words a person would use ("Enter a number of at most 100.")
 * rather than zod's ("Too big: expected number to be <=100"). Messages a schema words itself
 * come first and stay as they are; anything not worded here keeps zod's.
 */
export function issueInWords(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'too_small':
    case 'too_big':
      return bound(issue);
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'Fill this in.';
      return EXPECTED[issue.expected];
    default:
      return undefined;
  }
}

/** Parses a procedure's input, its refusals worded for the field they belong to. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  raw: unknown,
): { success: true; data: z.output<S> } | { success: false; issues: NonNullable<ApiErrorPayload['issues']> } {
  const parsed = schema.safeParse(raw, { error: issueInWords });
  if (parsed.success) return { success: true, data: parsed.data };
  return {
    success: false,
    issues: parsed.error.issues.map((issue) => ({
      path: issue.path.join('.') || '(input)',
      message: issue.message,
    })),
  };
}
