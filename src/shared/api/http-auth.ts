import { z } from 'zod';

/**
 * The headless server's HTTP surface besides the console files: browser sign-in and the
 * WebSocket that carries the API. The desktop app needs none of it.
 */
export const HTTP_PATHS = {
  session: '/auth/session',
  login: '/auth/login',
  logout: '/auth/logout',
  apiSocket: '/api/ws',
} as const;

/** What `GET /auth/session` answers; the console shows a password form when not authenticated. */
export const ConsoleSessionSchema = z.object({
  authenticated: z.boolean(),
  /** True when this server accepts the operator password at `POST /auth/login`. */
  passwordLogin: z.boolean(),
});
export type ConsoleSession = z.infer<typeof ConsoleSessionSchema>;
