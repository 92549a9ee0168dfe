import { canonicalMethodName } from './method-names';
import { RpcFailure } from './rpc-failure';

/**
 * Planned RPC failures. Each fault answers the next `times` matching calls (of any of its methods,
 * optionally only from one user) with an rpc_error instead of running the method. A stall makes
 * the server a dead link instead: it takes every packet and answers none.
 */

export interface FaultOptions {
  /** How many calls fail; Infinity keeps failing until `clear`. Default 1. */
  times?: number;
  /** Only calls made by this user's sessions. */
  userId?: bigint;
}

interface PlannedFault {
  readonly methods: ReadonlySet<string>;
  readonly code: number;
  readonly message: string;
  readonly userId: bigint | null;
  remaining: number;
}

/** The calls Telegram answers PEER_FLOOD to when an account is limited for spam. */
const SEND_METHODS = ['messages.sendMessage', 'messages.sendMedia', 'messages.forwardMessages'];

export class Faults {
  #planned: PlannedFault[] = [];
  #stalled = false;
  /** Users whose connections are refused, as if their network were down. */
  readonly #cutOff = new Set<bigint>();

  cutOff(userId: bigint): void {
    this.#cutOff.add(userId);
  }

  restore(userId: bigint): void {
    this.#cutOff.delete(userId);
  }

  isCutOff(userId: bigint): boolean {
    return this.#cutOff.has(userId);
  }

  /** Until `clear`, no packet gets an answer (key exchanges and pings included). */
  stall(): void {
    this.#stalled = true;
  }

  get stalled(): boolean {
    return this.#stalled;
  }

  fail(methods: readonly string[], code: number, message: string, options: FaultOptions = {}): void {
    this.#planned.push({
      methods: new Set(methods.map(canonicalMethodName)),
      code,
      message,
      userId: options.userId ?? null,
      remaining: options.times ?? 1,
    });
  }

  floodWait(method: string, seconds: number, options?: FaultOptions): void {
    this.fail([method], 420, `FLOOD_WAIT_${seconds}`, options);
  }

  peerFlood(options?: FaultOptions): void {
    this.fail(SEND_METHODS, 400, 'PEER_FLOOD', options);
  }

  /** Throws the planned failure for this call, if any. */
  check(method: string, userId: bigint | null): void {
    const fault = this.#planned.find(
      (candidate) =>
        candidate.methods.has(method) && (candidate.userId === null || candidate.userId === userId),
    );
    if (!fault) return;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.#planned = this.#planned.filter((candidate) => candidate !== fault);
    throw new RpcFailure(fault.code, fault.message);
  }

  clear(): void {
    this.#planned = [];
    this.#stalled = false;
    this.#cutOff.clear();
  }
}
