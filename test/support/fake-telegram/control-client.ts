/**
 * The typed client of a fake Telegram's control interface (control-server.ts), for processes
 * that do not hold the fake: the demo's scripted people, tests of the standalone server.
 * A refusal rejects with the interface's own message, which says what to fix.
 */

export interface ControlPerson {
  readonly id: string;
  readonly phone: string;
  readonly firstName: string;
  readonly lastName: string | null;
  readonly username: string | null;
}

export interface ControlMessage {
  readonly id: number;
  readonly senderId: string;
  readonly out: boolean;
  readonly text: string;
  readonly date: number;
  readonly edited: boolean;
  readonly replyToId: number | null;
}

export interface ControlCall {
  /** Its position in the log, for `calls(since)`. */
  readonly index: number;
  /** When it arrived: ISO 8601 with milliseconds, and the same as epoch milliseconds. */
  readonly at: string;
  readonly atMs: number;
  /** GramJS's class name, e.g. "messages.SendMessage". */
  readonly method: string;
  readonly userId: string | null;
  readonly error: string | null;
}

/** A supergroup made through the control interface; its id names it in later requests. */
export interface ControlGroup {
  readonly id: string;
  readonly title: string;
}

export interface ControlServerInfo {
  /** host:port, as Settings → Telegram server takes it. */
  readonly address: string;
  readonly host: string;
  readonly port: number;
  readonly dcId: number;
  readonly rsaPublicKeyPem: string;
}

export type ControlFault =
  | { method: string; floodWaitSeconds: number; times?: number; user?: string }
  | { method: string; code: number; message: string; times?: number; user?: string };

export interface FakeTelegramControl {
  info(): Promise<ControlServerInfo>;
  createPerson(person: {
    phone: string;
    firstName: string;
    lastName?: string;
    username?: string;
    password?: string;
  }): Promise<ControlPerson>;
  /** `from` writes `text` to `to` (each an id, @username or +phone); the message's id on both sides. */
  send(
    from: string,
    to: string,
    text: string,
    options?: { replyTo?: number },
  ): Promise<{ idForSender: number; idForRecipient: number }>;
  /** `owner`'s copy of the direct chat with `other`, oldest first. */
  messages(owner: string, other: string): Promise<ControlMessage[]>;
  typing(from: string, to: string): Promise<void>;
  /** A supergroup of these people (each an id, @username or +phone). */
  createGroup(title: string, members: readonly string[]): Promise<ControlGroup>;
  /** `from` writes `text` in the group; the message's id, the same for every member. */
  groupSend(
    from: string,
    group: string,
    text: string,
    options?: { replyTo?: number },
  ): Promise<{ id: number }>;
  /** The group's messages as `viewer` sees them, oldest first. */
  groupMessages(group: string, viewer: string): Promise<ControlMessage[]>;
  groupTyping(from: string, group: string): Promise<void>;
  fail(fault: ControlFault): Promise<void>;
  clearFaults(): Promise<void>;
  /** The call log from entry `since`; `next` is where the following read starts. */
  calls(since?: number): Promise<{ calls: ControlCall[]; next: number }>;
  /** The code the fake last sent for a login to this phone, or null when none was sent. */
  loginCode(phone: string): Promise<string | null>;
}

export function fakeTelegramControl(url: string): FakeTelegramControl {
  const request = async <T>(method: string, path: string, body?: object): Promise<T> => {
    const response = await fetch(`${url}${path}`, {
      method,
      ...(body ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
    });
    const answer = (await response.json()) as T & { error?: string };
    if (!response.ok) {
      throw new ControlError(response.status, answer.error ?? `${method} ${path}: ${response.status}`);
    }
    return answer;
  };
  return {
    info: () => request('GET', '/'),
    createPerson: (person) => request('POST', '/users', person),
    send: (from, to, text, options = {}) => request('POST', '/messages', { from, to, text, ...options }),
    messages: async (owner, other) =>
      (
        await request<{ messages: ControlMessage[] }>(
          'GET',
          `/messages?${new URLSearchParams({ owner, with: other })}`,
        )
      ).messages,
    typing: async (from, to) => void (await request('POST', '/typing', { from, to })),
    createGroup: (title, members) => request('POST', '/groups', { title, members }),
    groupSend: (from, group, text, options = {}) =>
      request('POST', '/group-messages', { from, group, text, ...options }),
    groupMessages: async (group, viewer) =>
      (
        await request<{ messages: ControlMessage[] }>(
          'GET',
          `/group-messages?${new URLSearchParams({ group, viewer })}`,
        )
      ).messages,
    groupTyping: async (from, group) => void (await request('POST', '/typing', { from, group })),
    fail: async (fault) => void (await request('POST', '/faults', fault)),
    clearFaults: async () => void (await request('DELETE', '/faults')),
    calls: (since = 0) => request('GET', `/calls?since=${since}`),
    loginCode: async (phone) => {
      try {
        return (await request<{ code: string }>('GET', `/login-code?${new URLSearchParams({ phone })}`)).code;
      } catch (error) {
        if (error instanceof ControlError && error.status === 404) return null;
        throw error;
      }
    },
  };
}

/** The control interface refused a request; `message` is its explanation. */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ControlError';
  }
}
