import {
  type EventName,
  type EventPayload,
  events,
  type ProcedureInput,
  type ProcedureName,
  type ProcedureOutput,
  procedures,
} from './contract';
import { ApiError } from './errors';
import type { CallOutcome } from './wire';

/** What a transport must offer: one call, and a stream of server events. */
export interface ApiTransport {
  call(method: string, input: unknown): Promise<CallOutcome>;
  onEvent(listener: (name: string, payload: unknown) => void): () => void;
}

export type EventListener<E extends EventName> = (payload: EventPayload<E>) => void;

/** The typed operator API, identical over Electron IPC and WebSocket. */
export interface ApiClient {
  call<P extends ProcedureName>(method: P, input: ProcedureInput<P>): Promise<ProcedureOutput<P>>;
  on<E extends EventName>(name: E, listener: EventListener<E>): () => void;
}

export function createApiClient(transport: ApiTransport): ApiClient {
  return {
    async call(method, input) {
      const outcome = await transport.call(method, input);
      if (!outcome.ok) throw ApiError.fromPayload(outcome.error);
      // The server validated the output already; parsing again here turns a version skew
      // between console and runtime into a clear error instead of a broken screen.
      const parsed = procedures[method].output.safeParse(outcome.result);
      if (!parsed.success) {
        throw new ApiError(
          'internal',
          `The runtime answered ${method} in an unexpected shape; reload the console.`,
        );
      }
      return parsed.data as ProcedureOutput<typeof method>;
    },
    on(name, listener) {
      return transport.onEvent((eventName, payload) => {
        if (eventName !== name) return;
        const parsed = events[name].safeParse(payload);
        if (parsed.success) listener(parsed.data as EventPayload<typeof name>);
      });
    },
  };
}
