import { ApiError } from '../../shared/api/errors';

/** A sentence for the operator, whatever was thrown: API errors already carry one. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message !== '') return error.message;
  return 'Something went wrong. Try again.';
}

/**
 * Field-level messages of an `invalid_input` error, keyed by the input path (`llmBaseUrls.gemini`);
 * the API words them for a person (see `issueInWords`).
 */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.issues === undefined) return {};
  const byPath: Record<string, string> = {};
  for (const issue of error.issues) byPath[issue.path] ??= issue.message;
  return byPath;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'not_found';
}
