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

type Bounded = Extract<Issue, { code: 'too_small' | 'too_big' }>;
type Relation = 'exactly' | 'atLeast' | 'moreThan' | 'atMost' | 'lessThan';

const NUMBER_RELATIONS: Record<Relation, string> = {
  exactly: 'of exactly',
  atLeast: 'of at least',
  moreThan: 'above',
  atMost: 'of at most',
  lessThan: 'below',
};
const SIZE_RELATIONS: Record<Relation, string> = {
  exactly: 'exactly',
  atLeast: 'at least',
  moreThan: 'more than',
  atMost: 'at most',
  lessThan: 'fewer than',
};

function relationOf(issue: Bounded): Relation {
  if (issue.exact) return 'exactly';
  const inclusive = issue.inclusive !== false;
  if (issue.code === 'too_small') return inclusive ? 'atLeast' : 'moreThan';
  return inclusive ? 'atMost' : 'lessThan';
}

/** A number's bound, or a size's, in words: "Enter a number of at least 1.", "Use at most 200 characters." */
function bound(issue: Bounded): string | undefined {
  const relation = relationOf(issue);
  const bare = issue.code === 'too_small' ? issue.minimum : issue.maximum;
  // Grouped as people write them: "at most 2,000 characters".
  const limit = bare.toLocaleString('en-US');
  if (NUMBER_ORIGINS.has(issue.origin)) return `Enter a number ${NUMBER_RELATIONS[relation]} ${limit}.`;
  const units = SIZE_UNITS[issue.origin];
  if (!units) return undefined;
  if (relation === 'atLeast' && Number(bare) === 1) return 'Fill this in.';
  return `Use ${SIZE_RELATIONS[relation]} ${limit} ${Number(bare) === 1 ? units[0] : units[1]}.`;
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

type Issues = NonNullable<ApiErrorPayload['issues']>;

/** A validation error's issues as the API sends them: each message with its field's path. */
export function issuesOf(error: z.ZodError): Issues {
  return error.issues.map((issue) => ({ path: issue.path.join('.') || '(input)', message: issue.message }));
}

/** Parses a procedure's input, its refusals worded for the field they belong to. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  raw: unknown,
): { success: true; data: z.output<S> } | { success: false; issues: Issues } {
  const parsed = schema.safeParse(raw, { error: issueInWords });
  return parsed.success
    ? { success: true, data: parsed.data }
    : { success: false, issues: issuesOf(parsed.error) };
}
