import type { AuthKeyRecord, UserRecord } from './store';
import type { RpcAnswer, TlObject } from './tl-wire';

/** What a method handler knows about its caller. */
export interface CallContext {
  readonly authKey: AuthKeyRecord;
  /** The account logged in on this auth key, if any. */
  readonly user: UserRecord | null;
  /** The logged-in account; throws 401 AUTH_KEY_UNREGISTERED like Telegram when there is none. */
  me(): UserRecord;
}

export type Handler<T> = (request: T, context: CallContext) => RpcAnswer | Promise<RpcAnswer>;

interface Entry {
  readonly handler: Handler<never>;
  /** Whether the caller must be logged in (most methods; not help.* or the login steps). */
  readonly needsLogin: boolean;
}

/** RPC handlers keyed by the TL constructor id of their request class. */
export class MethodTable {
  readonly #entries = new Map<number, Entry>();

  on<T extends TlObject>(
    requestClass: { new (...args: never[]): T; readonly CONSTRUCTOR_ID: number },
    handler: Handler<T>,
    options: { needsLogin?: boolean } = {},
  ): void {
    this.#entries.set(requestClass.CONSTRUCTOR_ID, {
      handler: handler as Handler<never>,
      needsLogin: options.needsLogin ?? true,
    });
  }

  find(constructorId: number): { handler: Handler<unknown>; needsLogin: boolean } | undefined {
    const entry = this.#entries.get(constructorId);
    return entry && { handler: entry.handler as Handler<unknown>, needsLogin: entry.needsLogin };
  }
}
