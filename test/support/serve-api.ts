import type { ServeProcess } from './serve-process';

export interface ServeApi {
  /** Calls a procedure over the console's WebSocket; rejects with the server's error message. */
  call(method: string, input: object): Promise<unknown>;
  close(): void;
}

interface WireResponse {
  type: 'response';
  id: number;
  ok: boolean;
  result?: unknown;
  error?: { code: string; message: string };
}

/**
 * Signs in with the server's one-time link and opens the operator API as the console would,
 * without a browser.
 */
export async function openServeApi(serve: ServeProcess): Promise<ServeApi> {
  const signIn = await fetch(serve.loginUrl, { redirect: 'manual' });
  const cookie = signIn.headers.get('set-cookie')?.split(';')[0];
  if (signIn.status !== 303 || !cookie) throw new Error(`the login link answered ${signIn.status}`);
  // Node's WebSocket sends no cookie or origin by itself; `headers` is an undici extension.
  const socket = new WebSocket(`${serve.origin.replace(/^http/, 'ws')}/api/ws`, {
    headers: { cookie, origin: serve.origin },
  } as unknown as string[]);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error('the API socket did not open')), { once: true });
  });
  const pending = new Map<number, (response: WireResponse) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as WireResponse | { type: string };
    if (message.type !== 'response') return;
    const response = message as WireResponse;
    pending.get(response.id)?.(response);
    pending.delete(response.id);
  });
  let nextId = 1;
  return {
    call(method, input) {
      const id = nextId++;
      socket.send(JSON.stringify({ type: 'request', id, method, input }));
      return new Promise((resolve, reject) => {
        pending.set(id, (response) =>
          response.ok
            ? resolve(response.result)
            : reject(new Error(`${method}: ${response.error?.message ?? 'failed'}`)),
        );
      });
    },
    close: () => socket.close(),
  };
}

/**
 * Calls a procedure from a console page, over a WebSocket of its own with the page's session
 * cookie: for tests whose browser used the server's one-time link, so no second client can.
 * Rejects with the server's error message.
 */
export async function callFromPage(
  page: { evaluate<R, A>(fn: (arg: A) => Promise<R>, arg: A): Promise<R> },
  method: string,
  input: object,
): Promise<unknown> {
  return page.evaluate(
    async ({ method: name, input: args }) => {
      const socket = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/api/ws`);
      await new Promise((resolve, reject) => {
        socket.addEventListener('open', resolve, { once: true });
        socket.addEventListener('error', () => reject(new Error('the API socket did not open')), {
          once: true,
        });
      });
      try {
        return await new Promise((resolve, reject) => {
          socket.addEventListener('message', (event) => {
            const message = JSON.parse(String(event.data)) as WireResponse | { type: string };
            if (message.type !== 'response' || (message as WireResponse).id !== 1) return;
            const response = message as WireResponse;
            if (response.ok) resolve(response.result);
            else reject(new Error(`${name}: ${response.error?.message ?? 'failed'}`));
          });
          socket.send(JSON.stringify({ type: 'request', id: 1, method: name, input: args }));
        });
      } finally {
        socket.close();
      }
    },
    { method, input },
  );
}

/** A Simulator chat of `agent` with one person, made through the page's API; its ids. */
export async function createDirectChat(
  page: Parameters<typeof callFromPage>[0],
  agent: string,
  person: { firstName: string; lastName?: string; username?: string },
): Promise<{ channelId: number; personId: number }> {
  const created = (await callFromPage(page, 'simulator.createChat', {
    agent,
    kind: 'direct',
    people: [person],
  })) as { chat: { channelId: number }; people: Array<{ id: number }> };
  return { channelId: created.chat.channelId, personId: created.people[0]!.id };
}
