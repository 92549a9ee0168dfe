import { randomUUID } from 'node:crypto';
import type { InboundEvent, MediaRef, MessagingPort } from '../../../src/main/messaging/port';
import type { ContractPerson, MessagingContractHarness } from '../messaging-contract';

/** How long a test waits for an inbound event before failing. */
const EVENT_TIMEOUT_MS = 5_000;

/** Every inbound event since it was created, and a way to wait for one. */
class EventLog {
  readonly events: InboundEvent[] = [];
  readonly #waiters = new Set<() => void>();
  readonly #unsubscribe: () => void;

  constructor(port: MessagingPort) {
    this.#unsubscribe = port.subscribe((event) => {
      this.events.push(event);
      for (const wake of [...this.#waiters]) wake();
    });
  }

  /** The first event (already logged or still to come) that matches. */
  waitFor<T extends InboundEvent['type']>(
    type: T,
    matches: (event: Extract<InboundEvent, { type: T }>) => boolean,
  ): Promise<Extract<InboundEvent, { type: T }>> {
    const find = () =>
      this.events.find(
        (event): event is Extract<InboundEvent, { type: T }> =>
          event.type === type && matches(event as Extract<InboundEvent, { type: T }>),
      );
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = find();
        if (!found) return;
        this.#waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(check);
        reject(
          new Error(
            `No matching "${type}" event within ${EVENT_TIMEOUT_MS} ms; got ${JSON.stringify(this.events)}`,
          ),
        );
      }, EVENT_TIMEOUT_MS);
      this.#waiters.add(check);
      check();
    });
  }

  close(): void {
    this.#unsubscribe();
    this.#waiters.clear();
  }
}

export function fullName(person: ContractPerson): string {
  return person.lastName ? `${person.firstName} ${person.lastName}` : person.firstName;
}

export function texts(messages: { parts: { kind: string; text?: string }[] }[]): (string | undefined)[] {
  return messages.map((message) => message.parts.find((part) => part.kind === 'text')?.text);
}

export function freshKey(): string {
  return `contract-${randomUUID()}`;
}

/**
 * The port under test, its agent, the people's driver and the inbound events, made fresh for each
 * test by `open` and released by `close`; the helpers read the current ones.
 */
export class ContractScope {
  harness!: MessagingContractHarness;
  port!: MessagingPort;
  agent!: string;
  log!: EventLog;

  async open(setup: () => Promise<MessagingContractHarness>): Promise<void> {
    this.harness = await setup();
    this.port = this.harness.port;
    this.agent = this.harness.agent;
    this.log = new EventLog(this.port);
  }

  async close(): Promise<void> {
    this.log.close();
    await this.harness.close();
  }

  readonly sendText = (channelId: number, text: string, replyTo: number | null = null) =>
    this.port.sendText(this.agent, channelId, { text, replyTo, idempotencyKey: freshKey() });

  readonly history = (channelId: number) => this.port.fetchHistory(this.agent, channelId, { limit: 100 });

  readonly mediaOfKind = async (kind: MediaRef['kind']): Promise<MediaRef> => {
    const found = (await this.port.listMedia(this.agent)).find((item) => item.kind === kind);
    if (!found) throw new Error(`The harness agent must have a ${kind} in its media library.`);
    return found;
  };
}
