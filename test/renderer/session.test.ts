import { describe, expect, it } from 'vitest';
import { type AuthApi, createHttpAuthApi, type FetchFunction } from '../../src/renderer/api/auth';
import { createSessionStore, sessionSelectors } from '../../src/renderer/features/session/store';

function fakeAuth(overrides: Partial<AuthApi>): AuthApi {
  return {
    getSession: async () => ({ authenticated: false, passwordLogin: true }),
    login: async () => ({ kind: 'signed-in' }),
    logout: async () => {},
    ...overrides,
  };
}

function respond(status: number, body: unknown = {}, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

describe('session store', () => {
  it('needs no sign-in inside Electron', () => {
    const store = createSessionStore({ auth: null, now: () => 0 });
    expect(sessionSelectors.phase(store.getState())).toEqual({ kind: 'signed-in' });
  });

  it('asks for the password or the one-time link, as the server offers', async () => {
    const withPassword = createSessionStore({ auth: fakeAuth({}), now: () => 0 });
    await withPassword.getState().actions.checkSession();
    expect(sessionSelectors.phase(withPassword.getState())).toEqual({
      kind: 'signed-out',
      passwordLogin: true,
    });

    const linkOnly = createSessionStore({
      auth: fakeAuth({ getSession: async () => ({ authenticated: false, passwordLogin: false }) }),
      now: () => 0,
    });
    await linkOnly.getState().actions.checkSession();
    expect(sessionSelectors.phase(linkOnly.getState())).toEqual({ kind: 'signed-out', passwordLogin: false });
  });

  it('says the server is unreachable when the session check fails', async () => {
    const store = createSessionStore({
      auth: fakeAuth({
        getSession: async () => {
          throw new Error('The Troupe server cannot be reached.');
        },
      }),
      now: () => 0,
    });
    await store.getState().actions.checkSession();
    expect(sessionSelectors.phase(store.getState())).toEqual({
      kind: 'unreachable',
      message: 'The Troupe server cannot be reached.',
    });
  });

  it('reports a wrong password, then signs in with the right one', async () => {
    const store = createSessionStore({
      auth: fakeAuth({
        login: async (password) =>
          password === 'right' ? { kind: 'signed-in' } : { kind: 'wrong-password' },
      }),
      now: () => 0,
    });
    await store.getState().actions.checkSession();

    await store.getState().actions.signIn('wrong');
    expect(sessionSelectors.signInError(store.getState())).toEqual({ kind: 'wrong-password' });
    expect(sessionSelectors.phase(store.getState()).kind).toBe('signed-out');

    await store.getState().actions.signIn('right');
    expect(sessionSelectors.signInError(store.getState())).toBeNull();
    expect(sessionSelectors.phase(store.getState())).toEqual({ kind: 'signed-in' });
  });

  it('turns a throttled sign-in into the moment the operator may try again', async () => {
    const store = createSessionStore({
      auth: fakeAuth({ login: async () => ({ kind: 'throttled', retryAfterSeconds: 30 }) }),
      now: () => 1_000_000,
    });
    await store.getState().actions.signIn('guess');
    expect(sessionSelectors.signInError(store.getState())).toEqual({ kind: 'throttled', retryAt: 1_030_000 });
    expect(sessionSelectors.signingIn(store.getState())).toBe(false);
  });

  it('goes back to the sign-in screen when the session ended while the console was open', async () => {
    let authenticated = true;
    const store = createSessionStore({
      auth: fakeAuth({ getSession: async () => ({ authenticated, passwordLogin: true }) }),
      now: () => 0,
    });
    await store.getState().actions.checkSession();
    expect(sessionSelectors.phase(store.getState()).kind).toBe('signed-in');

    await store.getState().actions.verifySession();
    expect(sessionSelectors.phase(store.getState()).kind).toBe('signed-in');

    authenticated = false;
    await store.getState().actions.verifySession();
    expect(sessionSelectors.phase(store.getState())).toEqual({ kind: 'signed-out', passwordLogin: true });
  });

  it('signs out through the server and shows the sign-in screen', async () => {
    let authenticated = true;
    const store = createSessionStore({
      auth: fakeAuth({
        getSession: async () => ({ authenticated, passwordLogin: false }),
        logout: async () => {
          authenticated = false;
        },
      }),
      now: () => 0,
    });
    await store.getState().actions.checkSession();
    await store.getState().actions.signOut();
    expect(sessionSelectors.phase(store.getState())).toEqual({ kind: 'signed-out', passwordLogin: false });
  });
});

describe('HTTP auth API', () => {
  it('posts the password as JSON and reads each refusal', async () => {
    const requests: Array<{ url: string; init: RequestInit | undefined }> = [];
    const answers = [
      respond(401, { code: 'unauthorized', message: 'Wrong password.' }),
      respond(429, { code: 'unauthorized', message: 'Too many failed sign-ins.' }, { 'retry-after': '45' }),
      respond(429, {}),
      respond(500, {}),
      respond(200, { authenticated: true, passwordLogin: true }),
    ];
    const fetchFunction: FetchFunction = async (url, init) => {
      requests.push({ url, init });
      const answer = answers.shift();
      if (!answer) throw new Error('no more answers');
      return answer;
    };
    const auth = createHttpAuthApi(fetchFunction);

    expect(await auth.login('nope')).toEqual({ kind: 'wrong-password' });
    expect(await auth.login('nope')).toEqual({ kind: 'throttled', retryAfterSeconds: 45 });
    expect(await auth.login('nope')).toEqual({ kind: 'throttled', retryAfterSeconds: null });
    expect(await auth.login('nope')).toEqual({
      kind: 'failed',
      message: 'Sign-in failed: the server answered 500.',
    });
    expect(await auth.login('secret')).toEqual({ kind: 'signed-in' });

    expect(requests[0]?.url).toBe('/auth/login');
    expect(requests[0]?.init?.method).toBe('POST');
    expect(requests[0]?.init?.body).toBe(JSON.stringify({ password: 'nope' }));
  });

  it('reads the session, and explains an unreachable server or an odd answer', async () => {
    const ok = createHttpAuthApi(async () => respond(200, { authenticated: false, passwordLogin: false }));
    expect(await ok.getSession()).toEqual({ authenticated: false, passwordLogin: false });

    const down = createHttpAuthApi(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(down.getSession()).rejects.toThrow('cannot be reached');
    expect(await down.login('x')).toMatchObject({ kind: 'failed' });

    const odd = createHttpAuthApi(async () => respond(200, { hello: 'world' }));
    await expect(odd.getSession()).rejects.toThrow('unexpected shape');
  });
});
