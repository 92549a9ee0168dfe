import { z } from 'zod';

export const API_ERROR_CODES = [
  'invalid_input',
  'not_found',
  'conflict',
  'unauthorized',
  'unavailable',
  'internal',
] as const;
export const ApiErrorCodeSchema = z.enum(API_ERROR_CODES);
export type ApiErrorCode = z.infer<typeof ApiErrorCodeSchema>;

export const ApiErrorPayloadSchema = z.object({
  code: ApiErrorCodeSchema,
  /** A sentence the operator can act on. Never contains a secret. */
  message: z.string(),
  /** Field-level problems for `invalid_input`: path → message. */
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /**
   * What a refusal needs the console to know beyond words, shaped by the procedure that refused
   * (each contract that sends details has a reader for them).
   */
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ApiErrorPayload = z.infer<typeof ApiErrorPayloadSchema>;

/** The one error type that crosses the API, on both transports. */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly issues: ApiErrorPayload['issues'];
  readonly details: ApiErrorPayload['details'];

  constructor(
    code: ApiErrorCode,
    message: string,
    issues?: ApiErrorPayload['issues'],
    details?: ApiErrorPayload['details'],
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.issues = issues;
    this.details = details;
  }

  toPayload(): ApiErrorPayload {
    return {
      code: this.code,
      message: this.message,
      ...(this.issues ? { issues: this.issues } : {}),
      ...(this.details ? { details: this.details } : {}),
    };
  }

  static fromPayload(payload: ApiErrorPayload): ApiError {
    return new ApiError(payload.code, payload.message, payload.issues, payload.details);
  }
}
