import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeChannel, FakeMessageView, FakeTelegram, FakeUser } from './api';
import type { FakeCall } from './rpc-router';

/**
 * A small HTTP interface to a running fake Telegram, on 127.0.0.1, speaking JSON: create people,
 * write and type as them, read a chat, plan failures, read the call log and the login codes.
 * It lets a process that does not hold the fake (the demo's scripted people, a test, curl)
 * drive it. Ids are decimal strings; a person is named by id, @username or +phone.
 * The routes are listed in `CONTROL_ROUTES`; control-client.ts is its typed client.
 */

export const CONTROL_ROUTES = [
  'GET    /                  the server: address, data centre id, RSA public key',
  'POST   /users             {phone, firstName, lastName?, username?, password?} creates a person',
  'POST   /messages          {from, to, text, replyTo?} a person writes to another',
  'GET    /messages?owner=&with=  the owner’s copy of a direct chat, oldest first',
  'POST   /typing            {from, to} or {from, group} a person starts typing',
  'POST   /groups            {title, members} creates a supergroup of these people',
  'POST   /group-messages    {from, group, text, replyTo?} a member writes in a group',
  'GET    /group-messages?group=&viewer=  the group as the viewer sees it, oldest first',
  'POST   /faults            {method, floodWaitSeconds} or {method, code, message}; times?, user?',
  'DELETE /faults            ends planned failures and a stall',
  'GET    /calls?since=N     the call log from entry N, with millisecond times',
  'GET    /login-code?phone= the code last sent for a login to this phone',
] as const;

export interface ControlServer {
  /** http://127.0.0.1:PORT */
  readonly url: string;
  close(): Promise<void>;
}

/** A request the interface refuses; the message says what to fix. */
class BadRequest extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

const MAX_BODY_BYTES = 64 * 1024;

export async function startControlServer(fake: FakeTelegram, port = 0): Promise<ControlServer> {
  const people = new People();
  const groups = new Groups();
  const routes: Record<string, (request: ControlRequest) => unknown> = {
    'GET /': () => ({
      address: `${fake.host}:${fake.port}`,
      host: fake.host,
      port: fake.port,
      dcId: fake.dcId,
      rsaPublicKeyPem: fake.rsaPublicKeyPem,
    }),
    'POST /users': ({ body }) =>
      userJson(
        people.add(
          fake.createUser({
            phone: text(body, 'phone'),
            firstName: text(body, 'firstName'),
            lastName: optionalText(body, 'lastName'),
            username: optionalText(body, 'username'),
            password: optionalText(body, 'password'),
          }),
        ),
      ),
    'POST /messages': ({ body }) => {
      const from = people.find(text(body, 'from'));
      const to = people.find(text(body, 'to'));
      const replyTo = body.replyTo === undefined ? undefined : wholeNumber(body, 'replyTo');
      const sent = fake.userSays(from.id, to.id, text(body, 'text'), {
        ...(replyTo === undefined ? {} : { replyTo: { ownerId: from.id, messageId: replyTo } }),
      });
      return { idForSender: sent.idFor(from.id), idForRecipient: sent.idFor(to.id) };
    },
    'GET /messages': ({ query }) => {
      const owner = people.find(param(query, 'owner'));
      const other = people.find(param(query, 'with'));
      return { messages: fake.messagesBetween(owner.id, other.id).map(messageJson) };
    },
    'POST /typing': ({ body }) => {
      const from = people.find(text(body, 'from')).id;
      if (body.group !== undefined) fake.channelTypes(from, groups.find(text(body, 'group')).id);
      else fake.userTypes(from, people.find(text(body, 'to')).id);
      return {};
    },
    'POST /groups': ({ body }) => {
      const members = body.members;
      if (!Array.isArray(members) || members.some((member) => typeof member !== 'string'))
        throw new BadRequest('Give members as a list of people (id, @username or +phone).');
      const memberIds = (members as string[]).map((member) => people.find(member).id);
      const group = groups.add(fake.createChannel({ title: text(body, 'title'), memberIds }));
      return { id: String(group.id), title: group.title };
    },
    'POST /group-messages': ({ body }) => {
      const group = groups.find(text(body, 'group'));
      const replyTo = body.replyTo === undefined ? undefined : wholeNumber(body, 'replyTo');
      const sent = fake.channelSays(people.find(text(body, 'from')).id, group.id, text(body, 'text'), {
        ...(replyTo === undefined ? {} : { replyTo: { channelId: group.id, messageId: replyTo } }),
      });
      return { id: sent.messageId };
    },
    'GET /group-messages': ({ query }) => {
      const group = groups.find(param(query, 'group'));
      const viewer = people.find(param(query, 'viewer'));
      return { messages: fake.messagesInChannel(viewer.id, group.id).map(messageJson) };
    },
    'POST /faults': ({ body }) => {
      const method = text(body, 'method');
      const options = {
        times: body.times === undefined ? 1 : wholeNumber(body, 'times'),
        ...(body.user === undefined ? {} : { userId: people.find(text(body, 'user')).id }),
      };
      if (body.floodWaitSeconds !== undefined) {
        fake.floodWait(method, wholeNumber(body, 'floodWaitSeconds'), options);
      } else if (body.code !== undefined || body.message !== undefined) {
        fake.failNext(method, wholeNumber(body, 'code'), text(body, 'message'), options);
      } else {
        throw new BadRequest('Give floodWaitSeconds, or an rpc_error as code and message.');
      }
      return {};
    },
    'DELETE /faults': () => {
      fake.clearFaults();
      return {};
    },
    'GET /calls': ({ query }) => {
      const since = query.has('since') ? Number(query.get('since')) : 0;
      if (!Number.isInteger(since) || since < 0)
        throw new BadRequest('since must be a whole number, e.g. 0.');
      const calls = fake.calls.slice(since).map((call, offset) => callJson(call, since + offset));
      return { calls, next: since + calls.length };
    },
    'GET /login-code': ({ query }) => {
      const phone = param(query, 'phone');
      const code = fake.lastCodeFor(phone);
      if (code === undefined) throw new BadRequest(`No login code was sent to ${phone} yet.`, 404);
      return { phone, code };
    },
  };

  const server = createServer((req, res) => {
    void answer(req, res, routes).catch((error: unknown) => {
      const status = error instanceof BadRequest ? error.status : 500;
      sendJson(res, status, { error: error instanceof Error ? error.message : String(error) });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

interface ControlRequest {
  body: Record<string, unknown>;
  query: URLSearchParams;
}

async function answer(
  req: IncomingMessage,
  res: ServerResponse,
  routes: Record<string, (request: ControlRequest) => unknown>,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const route = routes[`${req.method} ${url.pathname}`];
  if (!route) {
    throw new BadRequest(
      `No route ${req.method} ${url.pathname}. The routes:\n${CONTROL_ROUTES.join('\n')}`,
      404,
    );
  }
  const body = req.method === 'POST' ? await readJsonObject(req) : {};
  let result: unknown;
  try {
    result = route({ body, query: url.searchParams });
  } catch (error) {
    // The fake throws on what it cannot do (a phone already taken, a message nobody can see).
    if (error instanceof BadRequest || !(error instanceof Error)) throw error;
    throw new BadRequest(`The fake Telegram refused: ${error.message}`);
  }
  sendJson(res, 200, result);
}

/** The people created through this interface, found by id, @username or +phone. */
class People {
  readonly #all: FakeUser[] = [];

  add(user: FakeUser): FakeUser {
    this.#all.push(user);
    return user;
  }

  find(name: string): FakeUser {
    const digits = name.replace(/[^0-9]/g, '');
    const found = this.#all.find((user) =>
      name.startsWith('@')
        ? user.username?.toLowerCase() === name.slice(1).toLowerCase()
        : name.startsWith('+')
          ? user.phone === digits
          : String(user.id) === name,
    );
    if (!found) {
      throw new BadRequest(
        `No person "${name}": name one created through POST /users by id, @username or +phone.`,
        404,
      );
    }
    return found;
  }
}

/** The groups created through this interface, found by id. */
class Groups {
  readonly #all = new Map<string, FakeChannel>();

  add(group: FakeChannel): FakeChannel {
    this.#all.set(String(group.id), group);
    return group;
  }

  find(id: string): FakeChannel {
    const found = this.#all.get(id);
    if (!found)
      throw new BadRequest(`No group "${id}": name one created through POST /groups by its id.`, 404);
    return found;
  }
}

function userJson(user: FakeUser) {
  const { id, phone, firstName, lastName, username } = user;
  return { id: String(id), phone, firstName, lastName, username };
}

function messageJson(message: FakeMessageView) {
  return {
    id: message.id,
    senderId: String(message.senderId),
    out: message.out,
    text: message.text,
    date: message.date,
    edited: message.edited,
    replyToId: message.replyToId,
  };
}

function callJson(call: FakeCall, index: number) {
  return {
    index,
    at: new Date(call.at).toISOString(),
    atMs: call.at,
    method: call.method,
    userId: call.userId === null ? null : String(call.userId),
    error: call.error,
  };
}

function text(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (typeof value !== 'string' || value.trim() === '') throw new BadRequest(`Give ${field} as text.`);
  return value;
}

function optionalText(body: Record<string, unknown>, field: string): string | undefined {
  return body[field] === undefined ? undefined : text(body, field);
}

function wholeNumber(body: Record<string, unknown>, field: string): number {
  const value = body[field];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new BadRequest(`Give ${field} as a whole number, e.g. 30.`);
  }
  return value;
}

function param(query: URLSearchParams, name: string): string {
  const value = query.get(name);
  if (!value) throw new BadRequest(`Add ?${name}= to the address.`);
  return value;
}

async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new BadRequest('The body is over 64 KB.', 413);
    chunks.push(chunk);
  }
  const raw = Buffer.concat(chunks).toString('utf8');
  let parsed: unknown;
  try {
    parsed = raw === '' ? {} : JSON.parse(raw);
  } catch {
    throw new BadRequest('The body is not JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new BadRequest('The body must be a JSON object.');
  }
  return parsed as Record<string, unknown>;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
