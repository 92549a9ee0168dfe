import { Api } from 'telegram';
import type { Faults } from './faults';
import type { CallContext, MethodTable } from './method-table';
import { RpcFailure, unauthorized } from './rpc-failure';
import type { AuthKeyRecord, Store } from './store';
import type { RpcAnswer, TlObject } from './tl-wire';

/**
 * Runs one RPC call: unwraps GramJS's invokeWithLayer/initConnection envelope, applies planned
 * faults, checks the login, and calls the method's handler. Every call is recorded for tests.
 */

export interface FakeCall {
  /** GramJS's class name, e.g. "messages.SendMessage". */
  readonly method: string;
  readonly userId: bigint | null;
  /** The rpc_error message when the call failed. */
  readonly error: string | null;
  /** When the call arrived, in epoch milliseconds. */
  readonly at: number;
}

export interface Invocation {
  readonly query: TlObject;
  /** invokeWithoutUpdates: the session does not want updates pushed. */
  readonly withoutUpdates: boolean;
}

/** Strips the wrappers a client puts around a call (layer, connection parameters, ordering). */
export function unwrapInvocation(request: TlObject): Invocation {
  let query: unknown = request;
  let withoutUpdates = false;
  for (;;) {
    if (
      query instanceof Api.InvokeWithLayer ||
      query instanceof Api.InitConnection ||
      query instanceof Api.InvokeAfterMsg ||
      query instanceof Api.InvokeAfterMsgs
    ) {
      query = query.query;
    } else if (query instanceof Api.InvokeWithoutUpdates) {
      withoutUpdates = true;
      query = query.query;
    } else {
      return { query: query as TlObject, withoutUpdates };
    }
  }
}

export class RpcRouter {
  readonly calls: FakeCall[] = [];
  readonly #methods: MethodTable;
  readonly #store: Store;
  readonly #faults: Faults;
  readonly #log: (line: string) => void;

  constructor(methods: MethodTable, store: Store, faults: Faults, log: (line: string) => void) {
    this.#methods = methods;
    this.#store = store;
    this.#faults = faults;
    this.#log = log;
  }

  async invoke(query: TlObject, authKey: AuthKeyRecord): Promise<RpcAnswer> {
    const at = Date.now();
    const user = authKey.userId === null ? null : (this.#store.user(authKey.userId) ?? null);
    try {
      const answer = await this.#run(query, authKey, user);
      this.calls.push({ method: query.className, userId: user?.id ?? null, error: null, at });
      return answer;
    } catch (error) {
      const failure = error instanceof RpcFailure ? error : this.#internal(query, error);
      this.calls.push({ method: query.className, userId: user?.id ?? null, error: failure.errorMessage, at });
      throw failure;
    }
  }

  async #run(query: TlObject, authKey: AuthKeyRecord, user: CallContext['user']): Promise<RpcAnswer> {
    this.#faults.check(query.className, user?.id ?? null);
    const entry = this.#methods.find(query.CONSTRUCTOR_ID);
    if (!entry) {
      this.#log(`fake Telegram does not implement ${query.className}; answering 400 METHOD_NOT_IMPLEMENTED`);
      throw new RpcFailure(400, 'METHOD_NOT_IMPLEMENTED');
    }
    if (entry.needsLogin && !user) throw unauthorized('AUTH_KEY_UNREGISTERED');
    const context: CallContext = {
      authKey,
      user,
      me: () => {
        if (!user) throw unauthorized('AUTH_KEY_UNREGISTERED');
        return user;
      },
    };
    return entry.handler(query, context);
  }

  /** A bug in a handler: Telegram would say INTERNAL; the developer needs the stack. */
  #internal(query: TlObject, error: unknown): RpcFailure {
    this.#log(
      `fake Telegram failed in ${query.className}: ${error instanceof Error ? error.stack : String(error)}`,
    );
    return new RpcFailure(500, 'INTERNAL');
  }
}
