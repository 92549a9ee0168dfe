import type { z } from 'zod';
import {
  ApiError,
  type CallOutcome,
  isProcedureName,
  issuesOf,
  type ProcedureName,
  type ProcedureOutput,
  parseInput,
  procedures,
} from '../../shared/api';
import type { Logger } from '../logging';

/** One function per procedure; inputs arrive already validated. */
export type ApiHandlers = {
  [P in ProcedureName]: (
    input: z.output<(typeof procedures)[P]['input']>,
  ) => Promise<ProcedureOutput<P>> | ProcedureOutput<P>;
};

export type ApiDispatcher = (method: string, input: unknown) => Promise<CallOutcome>;

/**
 * The single entry point both transports call: validates the method and input, runs the
 * handler, validates its output, and turns every failure into an `ApiError` payload.
 */
export function createApiDispatcher(handlers: ApiHandlers, logger: Logger): ApiDispatcher {
  return async (method, rawInput) => {
    try {
      if (!isProcedureName(method))
        throw new ApiError('not_found', `There is no API procedure named "${method}".`);
      const procedure = procedures[method];
      const input = parseInput(procedure.input, rawInput ?? {});
      if (!input.success) throw new ApiError('invalid_input', `Invalid input for ${method}.`, input.issues);
      const handler = handlers[method] as (input: unknown) => Promise<unknown> | unknown;
      const result = await handler(input.data);
      const output = procedure.output.safeParse(result);
      if (!output.success) {
        logger.error({ method, issues: issuesOf(output.error) }, 'handler returned an invalid output');
        throw new ApiError('internal', `${method} produced an invalid answer; see the log.`);
      }
      return { ok: true, result: output.data };
    } catch (error) {
      if (error instanceof ApiError) return { ok: false, error: error.toPayload() };
      logger.error({ method, err: error }, 'handler failed');
      return {
        ok: false,
        error: { code: 'internal', message: `${method} failed unexpectedly; see the log.` },
      };
    }
  };
}
