import type { z } from 'zod';

const FENCE = /^```[a-zA-Z]*\s*\n?([\s\S]*?)\n?```\s*$/;

/**
 * A model's JSON answer checked against what memory work expects. Models sometimes fence their
 * JSON despite the response format; the fence is dropped. The error says what is wrong, for the
 * log line that explains why nothing was written.
 */
export function parseJsonReply<T>(
  text: string,
  schema: z.ZodType<T>,
): { ok: true; value: T } | { ok: false; error: string } {
  const trimmed = text.trim();
  let parsed: unknown;
  try {
    parsed = JSON.parse(FENCE.exec(trimmed)?.[1] ?? trimmed);
  } catch (error) {
    return { ok: false, error: `the reply is not JSON: ${(error as Error).message}` };
  }
  const checked = schema.safeParse(parsed);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    const field = issue.path.join('.');
    return { ok: false, error: field === '' ? issue.message : `${field}: ${issue.message}` };
  }
  return { ok: true, value: checked.data };
}
