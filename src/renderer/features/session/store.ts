import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AuthApi } from '../../api/auth';
import type { ConnectionStatus } from '../../api/connect';

/** Where the console stands with the server before any API call can be made. */
export type SessionPhase =
  | { kind: 'checking' }
  /** The session check itself failed (server down, proxy error). */
  | { kind: 'unreachable'; message: string }
  | { kind: 'signed-out'; passwordLogin: boolean }
  | { kind: 'signed-in' };

export type SignInError =
  | { kind: 'wrong-password' }
  /** `retryAt` (ms since epoch) is null when the server gave no Retry-After. */
  | { kind: 'throttled'; retryAt: number | null }
  | { kind: 'failed'; message: string };

export interface SessionActions {
  checkSession(): Promise<void>;
  /**
   * Re-checks a signed-in session without leaving the console: when the connection drops
   * because the session ended (signed out elsewhere, expired), the sign-in screen comes back.
   * A server that cannot be reached changes nothing; the connection banner covers that.
   */
  verifySession(): Promise<void>;
  signIn(password: string): Promise<void>;
  /** Rejects with a readable error when the server could not be told. */
  signOut(): Promise<void>;
  setConnection(status: ConnectionStatus): void;
}

export type SessionState = {
  phase: SessionPhase;
  signingIn: boolean;
  signInError: SignInError | null;
  connection: ConnectionStatus;
  actions: SessionActions;
};

export type SessionStore = StoreApi<SessionState>;

export interface SessionStoreOptions {
  /** The server's sign-in endpoints; null inside Electron, where there is nothing to sign in to. */
  auth: AuthApi | null;
  now: () => number;
}

export function createSessionStore({ auth, now }: SessionStoreOptions): SessionStore {
  return createStore<SessionState>()((set, get) => ({
    phase: auth ? { kind: 'checking' } : { kind: 'signed-in' },
    signingIn: false,
    signInError: null,
    connection: 'connecting',
    actions: {
      async checkSession() {
        if (!auth) return;
        set({ phase: { kind: 'checking' } });
        try {
          const session = await auth.getSession();
          set({
            phase: session.authenticated
              ? { kind: 'signed-in' }
              : { kind: 'signed-out', passwordLogin: session.passwordLogin },
          });
        } catch (error) {
          set({
            phase: {
              kind: 'unreachable',
              message: error instanceof Error ? error.message : 'The Troupe server cannot be reached.',
            },
          });
        }
      },

      async verifySession() {
        if (!auth || get().phase.kind !== 'signed-in') return;
        try {
          const session = await auth.getSession();
          if (!session.authenticated) {
            set({ phase: { kind: 'signed-out', passwordLogin: session.passwordLogin } });
          }
        } catch {
          // Unreachable: the transport keeps retrying and the banner says so.
        }
      },

      async signIn(password) {
        if (!auth) return;
        set({ signingIn: true, signInError: null });
        const outcome = await auth.login(password);
        switch (outcome.kind) {
          case 'signed-in':
            set({ signingIn: false, phase: { kind: 'signed-in' } });
            return;
          case 'wrong-password':
            set({ signingIn: false, signInError: { kind: 'wrong-password' } });
            return;
          case 'throttled':
            set({
              signingIn: false,
              signInError: {
                kind: 'throttled',
                retryAt: outcome.retryAfterSeconds === null ? null : now() + outcome.retryAfterSeconds * 1000,
              },
            });
            return;
          case 'failed':
            set({ signingIn: false, signInError: { kind: 'failed', message: outcome.message } });
            return;
          default:
            outcome satisfies never;
        }
      },

      async signOut() {
        if (!auth) return;
        await auth.logout();
        await get().actions.checkSession();
      },

      setConnection(connection) {
        set({ connection });
      },
    },
  }));
}

export const sessionSelectors = {
  phase: (s: SessionState) => s.phase,
  signingIn: (s: SessionState) => s.signingIn,
  signInError: (s: SessionState) => s.signInError,
  connection: (s: SessionState) => s.connection,
  actions: (s: SessionState) => s.actions,
};

export const SessionStoreContext = createContext<SessionStore | null>(null);

export function useSessionStore<T>(selector: (state: SessionState) => T): T {
  const store = useContext(SessionStoreContext);
  if (!store) throw new Error('useSessionStore needs a SessionStoreContext provider.');
  return useStore(store, selector);
}
