import { randomUUID } from 'node:crypto';

/** Makes a task id for a kind. Injected where ids are made, so tests can use predictable ones. */
export type TaskIdFactory = (kind: string) => string;

/** Eight random hex digits: a UUID's first eight, as random as `randomBytes(4)` and served from a pool. */
export function randomHex8(): string {
  return randomUUID().slice(0, 8);
}

/** `<kind>-<8 hex digits>`, the shape of every id Troupe gives a task. */
export const randomTaskId: TaskIdFactory = (kind) => `${kind}-${randomHex8()}`;
