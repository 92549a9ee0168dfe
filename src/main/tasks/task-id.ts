import { randomBytes } from 'node:crypto';

/** Makes a task id for a kind. Injected where ids are made, so tests can use predictable ones. */
export type TaskIdFactory = (kind: string) => string;

/** `<kind>-<8 hex digits>`, the shape of every id Troupe gives a task. */
export const randomTaskId: TaskIdFactory = (kind) => `${kind}-${randomBytes(4).toString('hex')}`;
