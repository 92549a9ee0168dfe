import { type ConsoleSession, ConsoleSessionSchema, HTTP_PATHS } from '../../shared/api/http-auth';

/**
 * The headless server's sign-in endpoints, used only when the console runs in a browser
 * (Electron needs no sign-in). They are plain HTTP because the WebSocket only opens once the
 * session cookie exists.
 */

export type SessionInfo = ConsoleSession;

export type LoginOutcome =
  | { kind: 'signed-in' }
  | { kind: 'wrong-password' }
  /** `retryAfterSeconds` is null when the server did not say how long to wait. */
  | { kind: 'throttled'; retryAfterSeconds: number | null }
  | { kind: 'failed'; message: string };

export interface AuthApi {
  /** Throws with a readable message when the server cannot be reached or answers nonsense. */
  getSession(): Promise<SessionInfo>;
  login(password: string): Promise<LoginOutcome>;
  /** Ends this browser's session; the server also closes its WebSockets. */
  logout(): Promise<void>;
}

export type FetchFunction = (input: string, init?: RequestInit) => Promise<Response>;

function parseRetryAfter(header: string | null): number | null {
  if (header === null) return null;
  const seconds = Number.parseInt(header, 10);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

export function createHttpAuthApi(fetchFunction: FetchFunction): AuthApi {
  return {
    async getSession() {
      let response: Response;
      try {
        response = await fetchFunction(HTTP_PATHS.session, {
          credentials: 'same-origin',
          headers: { accept: 'application/json' },
        });
      } catch {
        throw new Error('The Troupe server cannot be reached. Check that `troupe serve` is running.');
      }
      if (!response.ok)
        throw new Error(`The Troupe server answered ${response.status} when asked for the session.`);
      const parsed = ConsoleSessionSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success)
        throw new Error('The Troupe server answered the session check in an unexpected shape.');
      return parsed.data;
    },

    async login(password) {
      let response: Response;
      try {
        response = await fetchFunction(HTTP_PATHS.login, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ password }),
        });
      } catch {
        return {
          kind: 'failed',
          message: 'The Troupe server cannot be reached. Check that `troupe serve` is running.',
        };
      }
      if (response.ok) return { kind: 'signed-in' };
      if (response.status === 401) return { kind: 'wrong-password' };
      if (response.status === 429) {
        return { kind: 'throttled', retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')) };
      }
      return { kind: 'failed', message: `Sign-in failed: the server answered ${response.status}.` };
    },

    async logout() {
      let response: Response;
      try {
        response = await fetchFunction(HTTP_PATHS.logout, { method: 'POST', credentials: 'same-origin' });
      } catch {
        throw new Error('The Troupe server cannot be reached, so this browser is still signed in.');
      }
      if (!response.ok) throw new Error(`Signing out failed: the server answered ${response.status}.`);
    },
  };
}
