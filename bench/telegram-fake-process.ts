import { type FakeMessageRef, startFakeTelegram } from '../test/support/fake-telegram';
import { epochNow } from './engine-support';

/*
 * The Telegram benchmark's fake Telegram, in a process of its own (forked by telegram-support.ts):
 * Telegram runs on other machines, so its encryption and bookkeeping must neither take the
 * runtime's event loop nor count in the runtime's memory. The parent drives it by IPC: each
 * request names one of `operations` with its arguments and gets the result back. Times are
 * epoch milliseconds, comparable across processes.
 */

const fake = await startFakeTelegram({ log: () => {} });

export interface Line {
  from: bigint;
  to: bigint;
  text: string;
}

/** Each line after the one before: `perSecond` spaces them, null sends them as fast as the network takes them. */
async function sayAll(lines: readonly Line[], perSecond: number | null): Promise<number[]> {
  const sentAt: number[] = [];
  const start = performance.now();
  for (const [index, line] of lines.entries()) {
    const due = perSecond === null ? 0 : start + (index * 1000) / perSecond;
    const wait = due - performance.now();
    // A message of its own per I/O turn, as a network delivers them.
    await new Promise((resolve) => (wait > 0 ? setTimeout(resolve, wait) : setImmediate(resolve)));
    sentAt.push(epochNow());
    fake.userSays(line.from, line.to, line.text);
  }
  return sentAt;
}

const operations = {
  server: () => ({
    address: `${fake.host}:${fake.port}`,
    dcId: fake.dcId,
    rsaPublicKeyPem: fake.rsaPublicKeyPem,
  }),
  /** A user per entry; returns their ids. */
  createUsers: (users: readonly { phone: string; firstName: string }[]) =>
    users.map((user) => fake.createUser(user).id),
  addContacts: (ownerId: bigint, contactIds: readonly bigint[]) => {
    for (const contactId of contactIds) fake.addContact(ownerId, contactId);
  },
  loginCode: (phone: string) => fake.lastCodeFor(phone) ?? null,
  say: sayAll,
  /**
   * The lines at once, then an edit of each of the first `edits` of them (its text plus
   * `editSuffix`): what a recipient misses while cut off. Each moves the recipient's pts by one.
   */
  sayThenEdit: (lines: readonly Line[], edits: number, editSuffix: string) => {
    const refs: { ref: FakeMessageRef; line: Line }[] = lines.map((line) => ({
      ref: fake.userSays(line.from, line.to, line.text),
      line,
    }));
    for (const { ref, line } of refs.slice(0, edits)) fake.userEdits(line.from, ref, line.text + editSuffix);
  },
  cutOff: (userId: bigint) => {
    fake.cutOff(userId);
    return epochNow();
  },
  restore: (userId: bigint) => {
    fake.restore(userId);
    return epochNow();
  },
  /** How many `method` calls (GramJS's class name) the user made from `sinceMs` on. */
  callCount: (method: string, userId: bigint, sinceMs: number) =>
    fake.calls.filter((call) => call.method === method && call.userId === userId && call.at >= sinceMs)
      .length,
  close: () => fake.close(),
};

export type FakeOperations = typeof operations;
export type FakeRequest = { id: number; name: keyof FakeOperations; args: unknown[] };
export type FakeAnswer = { id: number; result?: unknown; error?: string };

process.on('message', async ({ id, name, args }: FakeRequest) => {
  const answer = (reply: Omit<FakeAnswer, 'id'>) => process.send?.({ id, ...reply } satisfies FakeAnswer);
  try {
    const run = operations[name] as (...values: unknown[]) => unknown;
    answer({ result: await run(...args) });
    // Nothing else keeps the process: it ends once the parent has the answer.
    if (name === 'close') process.disconnect();
  } catch (error) {
    answer({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
process.send?.('ready');
