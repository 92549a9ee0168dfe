import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { type ConsoleSession, HTTP_PATHS } from '../../shared/api/http-auth';
import type { Logger } from '../logging';
import { clearedSessionCookie, readCookie, sessionCookie } from './cookies';
import type { ClientView } from './forwarded';
import type { LoginThrottle, ThrottleWait } from './login-throttle';
import type { LoginToken } from './login-token';
import type { PasswordVerifier } from './password';
import { hasNoForeignOrigin } from './request-checks';
import { sendApiError, sendHtmlNotice, sendJson } from './responses';
import type { SessionStore } from './sessions';

const LoginBodySchema = z.object({ password: z.string().min(1, 'Enter the password.').max(1024) }).strict();
const MAX_LOGIN_BODY_BYTES = 4096;

export interface ConsoleAuthDeps {
  sessions: SessionStore;
  token: LoginToken;
  /** Absent when the server was started without an operator password. */
  password: PasswordVerifier | undefined;
  throttle: LoginThrottle;
  /** Who sent a request and over which scheme, as the trusted proxy (if any) says. */
  clientOf: (request: IncomingMessage) => ClientView;
  cookieName: string;
  logger: Logger;
  /** Called after logout so open WebSockets of that session close at once. */
  onSessionEnded: (sessionId: string) => void;
}

export interface ConsoleAuth {
  /** The live session the request's cookie names, if any; using it pushes its expiry back. */
  sessionOf(request: IncomingMessage): string | undefined;
  /** Handles the login link and `/auth/*`; false when the request is not an auth request. */
  route(request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean>;
}

class BodyTooLargeError extends Error {}

async function readBody(request: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BodyTooLargeError();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function sendTooManySignIns(response: ServerResponse, wait: ThrottleWait): void {
  const seconds = Math.ceil(wait.retryAfterMs / 1000);
  response.setHeader('Retry-After', String(seconds));
  sendApiError(response, 429, {
    code: 'unauthorized',
    message:
      wait.reason === 'client'
        ? `Too many failed sign-ins; try again in ${seconds} seconds.`
        : `Too many sign-in attempts on this server right now; try again in ${seconds} seconds.`,
  });
}

export function createConsoleAuth(deps: ConsoleAuthDeps): ConsoleAuth {
  const { sessions, token, password, throttle, clientOf, cookieName, logger, onSessionEnded } = deps;

  function sessionOf(request: IncomingMessage): string | undefined {
    const id = readCookie(request.headers.cookie, cookieName);
    return sessions.touch(id) ? id : undefined;
  }

  const isHttps = (request: IncomingMessage) => clientOf(request).scheme === 'https';

  function startSession(request: IncomingMessage, response: ServerResponse): void {
    response.setHeader(
      'Set-Cookie',
      sessionCookie(cookieName, sessions.create(), sessions.idleTimeoutMs, isHttps(request)),
    );
  }

  function exchangeLoginToken(request: IncomingMessage, response: ServerResponse, candidate: string): void {
    if (token.redeem(candidate)) {
      startSession(request, response);
      logger.info({ address: clientOf(request).address }, 'console login link used');
    } else if (!sessionOf(request)) {
      sendHtmlNotice(
        response,
        401,
        'This login link no longer works',
        [
          'Each link printed by `troupe serve` opens one browser session and then stops working.',
          password
            ? 'Open the console without the link and sign in with the operator password.'
            : 'Restart `troupe serve` to get a new link, or start it with `--password-file` to sign in with a password.',
        ],
        password ? { href: '/', label: 'Sign in with the password' } : undefined,
      );
      return;
    }
    // Redirecting drops the token from the address bar and the browser history.
    response.writeHead(303, { Location: '/', 'Cache-Control': 'no-store' }).end();
  }

  function answerSession(request: IncomingMessage, response: ServerResponse): void {
    const id = sessionOf(request);
    // Re-issuing the cookie slides its browser-side expiry along with the server-side one.
    if (id)
      response.setHeader(
        'Set-Cookie',
        sessionCookie(cookieName, id, sessions.idleTimeoutMs, isHttps(request)),
      );
    const body: ConsoleSession = { authenticated: id !== undefined, passwordLogin: password !== undefined };
    sendJson(response, 200, body);
  }

  async function logInWithPassword(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!password) {
      sendApiError(response, 404, {
        code: 'not_found',
        message: 'This server has no operator password; open the login link printed by `troupe serve`.',
      });
      return;
    }
    const { address } = clientOf(request);
    const wait = throttle.waitFor(address);
    if (wait) {
      sendTooManySignIns(response, wait);
      return;
    }
    if (!/^application\/json\b/i.test(request.headers['content-type'] ?? '')) {
      sendApiError(response, 415, { code: 'invalid_input', message: 'Send the password as JSON.' });
      return;
    }
    let candidate: string;
    try {
      const parsed = LoginBodySchema.safeParse(JSON.parse(await readBody(request, MAX_LOGIN_BODY_BYTES)));
      if (!parsed.success) {
        sendApiError(response, 400, {
          code: 'invalid_input',
          message: 'Send {"password": "..."}.',
          issues: parsed.error.issues.map((issue) => ({
            path: issue.path.join('.') || '(input)',
            message: issue.message,
          })),
        });
        return;
      }
      candidate = parsed.data.password;
    } catch (error) {
      const message =
        error instanceof BodyTooLargeError ? 'The request is too large.' : 'The body is not valid JSON.';
      sendApiError(response, error instanceof BodyTooLargeError ? 413 : 400, {
        code: 'invalid_input',
        message,
      });
      return;
    }
    // Counted as a failure before the slow hash runs, so a burst of parallel guesses cannot all
    // slip in under the limit; a right password clears the record again. Asked again because
    // other guesses may have spent the budget while this body was read.
    const refused = throttle.admit(address);
    if (refused) {
      sendTooManySignIns(response, refused);
      return;
    }
    if (!(await password.verify(candidate))) {
      logger.warn({ address }, 'console sign-in with a wrong password');
      sendApiError(response, 401, { code: 'unauthorized', message: 'Wrong password.' });
      return;
    }
    throttle.recordSuccess(address);
    startSession(request, response);
    logger.info({ address }, 'console sign-in with the password');
    sendJson(response, 200, { authenticated: true, passwordLogin: true } satisfies ConsoleSession);
  }

  function logOut(request: IncomingMessage, response: ServerResponse): void {
    const id = sessionOf(request);
    if (id) {
      sessions.revoke(id);
      onSessionEnded(id);
    }
    response.setHeader('Set-Cookie', clearedSessionCookie(cookieName, isHttps(request)));
    response.writeHead(204, { 'Cache-Control': 'no-store' }).end();
  }

  function methodNotAllowed(response: ServerResponse, allow: string): void {
    response.writeHead(405, { Allow: allow }).end();
  }

  return {
    sessionOf,
    async route(request, response, url) {
      const loginToken = url.searchParams.get('token');
      // GET only: a HEAD from a link previewer should not spend the token.
      if (url.pathname === '/' && loginToken !== null && request.method === 'GET') {
        exchangeLoginToken(request, response, loginToken);
        return true;
      }
      if (!url.pathname.startsWith('/auth/')) return false;
      if (request.method === 'POST' && !hasNoForeignOrigin(request, clientOf(request).scheme)) {
        sendApiError(response, 403, { code: 'unauthorized', message: 'Cross-site requests are refused.' });
        return true;
      }
      switch (url.pathname) {
        case HTTP_PATHS.session:
          if (request.method === 'GET') answerSession(request, response);
          else methodNotAllowed(response, 'GET');
          return true;
        case HTTP_PATHS.login:
          if (request.method === 'POST') await logInWithPassword(request, response);
          else methodNotAllowed(response, 'POST');
          return true;
        case HTTP_PATHS.logout:
          if (request.method === 'POST') logOut(request, response);
          else methodNotAllowed(response, 'POST');
          return true;
        default:
          sendApiError(response, 404, {
            code: 'not_found',
            message: `There is no ${url.pathname} endpoint.`,
          });
          return true;
      }
    },
  };
}
