import type { CallOutcome } from './wire';

/**
 * What the desktop preload exposes to the renderer as `window.troupe`: the transport only,
 * never Electron or Node objects.
 */
export interface TroupeBridge {
  call(method: string, input: unknown): Promise<CallOutcome>;
  onEvent(listener: (name: string, payload: unknown) => void): () => void;
}
