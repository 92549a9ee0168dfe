import { randomBytes } from 'node:crypto';

/**
 * Browser sessions of the console, kept server-side so a cookie carries nothing but a random
 * id, logout really ends the session, and a restart of the server signs everyone out.
 */
export interface SessionStore {
  /** Starts a session and returns its id (256 random bits). */
  create(): string;
  /** True for a live session; each use pushes its idle expiry back. */
  touch(id: string | undefined): boolean;
  revoke(id: string): void;
  readonly idleTimeoutMs: number;
}

export function createSessionStore({
  now,
  idleTimeoutMs,
}: {
  now: () => number;
  idleTimeoutMs: number;
}): SessionStore {
  const lastUsedAt = new Map<string, number>();

  function forgetExpired(at: number): void {
    for (const [id, usedAt] of lastUsedAt) {
      if (at - usedAt >= idleTimeoutMs) lastUsedAt.delete(id);
    }
  }

  return {
    idleTimeoutMs,
    create() {
      const at = now();
      forgetExpired(at);
      const id = randomBytes(32).toString('base64url');
      lastUsedAt.set(id, at);
      return id;
    },
    touch(id) {
      if (id === undefined) return false;
      const usedAt = lastUsedAt.get(id);
      if (usedAt === undefined) return false;
      const at = now();
      if (at - usedAt >= idleTimeoutMs) {
        lastUsedAt.delete(id);
        return false;
      }
      lastUsedAt.set(id, at);
      return true;
    },
    revoke(id) {
      lastUsedAt.delete(id);
    },
  };
}
