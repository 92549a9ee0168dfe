import { Api } from 'telegram';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/main/clock';
import { type InboundEvent, MessagingError } from '../../../src/main/messaging/port';
import type { TelegramAccountView } from '../../../src/shared/domain/telegram';
import { waitFor, withTimeout } from '../../support/fake-telegram';
import { startTelegramTestbed, TEST_TIMEOUT_MS } from './telegram-fixture';

const STEP_MS = 8_000;

async function rejection(promise: Promise<unknown>): Promise<MessagingError> {
  const error = await withTimeout(promise, STEP_MS, 'the call').then(
    () => {
      throw new Error('the call succeeded');
    },
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(MessagingError);
  return error as MessagingError;
}

function people(testbed: Awaited<ReturnType<typeof startTelegramTestbed>>) {
  const { fake } = testbed;
  const agent = fake.createUser({ phone: '+1 555 040 0001', firstName: 'Agent', username: 'agent_one' });
  const other = fake.createUser({ phone: '+1 555 040 0002', firstName: 'Other', username: 'agent_two' });
  const alice = fake.createUser({ phone: '+1 555 040 0003', firstName: 'Alice', username: 'alice_w' });
  fake.addContact(agent.id, alice.id);
  fake.addContact(other.id, alice.id);
  return { agent, other, alice };
}

const send = (
  testbed: Awaited<ReturnType<typeof startTelegramTestbed>>,
  agent: string,
  to: bigint,
  key: string,
) => testbed.port.sendText(agent, Number(to), { text: `hello ${key}`, replyTo: null, idempotencyKey: key });

describe('Telegram port: faults', () => {
  it('turns a flood wait into a cool-down that refuses calls at once until it ends', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const clock = new ManualClock();
    const testbed = await startTelegramTestbed({ clock });
    try {
      const { agent, alice } = people(testbed);
      await testbed.accounts.connect('A', await testbed.connectOptions(agent));
      testbed.fake.floodWait('messages.sendMessage', 120);

      const flood = await rejection(send(testbed, 'A', alice.id, 'k1'));
      expect(flood).toMatchObject({ retryable: true, retryAfterSeconds: 120 });
      expect(testbed.accounts.view('A')?.coolDownUntil).toBe(
        new Date(clock.now().getTime() + 120_000).toISOString(),
      );

      clock.advance(30_000);
      const during = await rejection(send(testbed, 'A', alice.id, 'k2'));
      expect(during).toMatchObject({ retryable: true, retryAfterSeconds: 90 });
      await rejection(testbed.port.fetchHistory('A', Number(alice.id), { limit: 10 }));
      const telegramCalls = testbed.fake.calls.filter((call) => call.method === 'messages.SendMessage');
      expect(telegramCalls.map((call) => call.error)).toEqual(['FLOOD_WAIT_120']);

      clock.advance(90_000);
      expect(testbed.accounts.view('A')?.coolDownUntil).toBeNull();
      await withTimeout(send(testbed, 'A', alice.id, 'k3'), STEP_MS, 'the send after the cool-down');
      expect(testbed.fake.messagesBetween(agent.id, alice.id).map((message) => message.text)).toEqual([
        'hello k3',
      ]);
    } finally {
      await testbed.close();
    }
  });

  it('stops sends after PEER_FLOOD and says so, until the operator resumes them', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const testbed = await startTelegramTestbed();
    try {
      const { agent, alice } = people(testbed);
      await testbed.accounts.connect('A', await testbed.connectOptions(agent));
      testbed.fake.peerFlood();

      const limited = await rejection(send(testbed, 'A', alice.id, 'k1'));
      expect(limited.retryable).toBe(false);
      expect(limited.message).toMatch(/PEER_FLOOD.*stopped/);
      const view = testbed.accounts.view('A');
      expect(view?.sendsStoppedUntil).toEqual(expect.any(String));
      expect(Date.parse(view!.sendsStoppedUntil!) - Date.now()).toBeGreaterThan(23 * 60 * 60 * 1000);
      expect(view?.problem).toMatch(/PEER_FLOOD.*stopped/);

      const stillStopped = await rejection(send(testbed, 'A', alice.id, 'k2'));
      expect(stillStopped.retryable).toBe(false);
      expect(testbed.fake.calls.filter((call) => call.method === 'messages.SendMessage')).toHaveLength(1);
      // Reading goes on: only sending is limited.
      expect(await withTimeout(testbed.port.listUnread('A'), STEP_MS, 'listUnread')).toEqual([]);

      testbed.accounts.resumeSends('A');
      expect(testbed.accounts.view('A')).toMatchObject({ sendsStoppedUntil: null, problem: null });
      await withTimeout(send(testbed, 'A', alice.id, 'k3'), STEP_MS, 'the send after resuming');
    } finally {
      await testbed.close();
    }
  });

  it('logs out an account whose session Telegram revoked; another agent keeps working', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const loggedOut: [string, string][] = [];
    const testbed = await startTelegramTestbed({
      onLoggedOut: (configName, code) => loggedOut.push([configName, code]),
    });
    try {
      const { agent, other, alice } = people(testbed);
      await testbed.accounts.connect('A', await testbed.connectOptions(agent));
      await testbed.accounts.connect('B', await testbed.connectOptions(other));

      testbed.fake.revokeSession(agent.id);
      const failure = await rejection(send(testbed, 'A', alice.id, 'k1'));
      expect(failure.retryable).toBe(false);
      await waitFor(() => loggedOut.length > 0, STEP_MS, 'the logged-out callback');
      expect(loggedOut).toEqual([['A', 'AUTH_KEY_UNREGISTERED']]);
      expect(testbed.accounts.view('A')).toMatchObject({
        connection: 'logged-out',
        problem: expect.stringMatching(/log in/),
      });
      expect((await rejection(send(testbed, 'A', alice.id, 'k2'))).retryable).toBe(false);

      const sent = await withTimeout(send(testbed, 'B', alice.id, 'k3'), STEP_MS, 'the other agent’s send');
      expect(sent.duplicate).toBe(false);
      expect(testbed.accounts.view('B')?.connection).toBe('connected');
    } finally {
      await testbed.close();
    }
  });

  it('settles as logged out at connect when the saved session is no longer valid', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const loggedOut: string[] = [];
    const testbed = await startTelegramTestbed({ onLoggedOut: (configName) => loggedOut.push(configName) });
    try {
      const { agent } = people(testbed);
      const options = await testbed.connectOptions(agent);
      testbed.fake.revokeSession(agent.id);
      const view = await testbed.accounts.connect('A', options);
      expect(view).toMatchObject({ connection: 'logged-out', user: null });
      expect(loggedOut).toEqual(['A']);
    } finally {
      await testbed.close();
    }
  });

  it('makes tasks wait, without using up retries, while an account cannot reach Telegram', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const testbed = await startTelegramTestbed({ callTimeoutMs: 1_000 });
    try {
      const { agent, alice } = people(testbed);
      const options = await testbed.connectOptions(agent);
      const unreachable = { ...options.server, port: 9 } as typeof options.server;
      const view = await testbed.accounts.connect('A', { ...options, server: unreachable });
      expect(view.connection).toBe('reconnecting');
      const failure = await send(testbed, 'A', alice.id, 'k-offline').catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(MessagingError);
      expect(failure).toMatchObject({ retryable: true, retryAfterSeconds: 15 });
    } finally {
      await testbed.close();
    }
  });

  it('reconnects after the connection drops, and inbound messages flow again', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const testbed = await startTelegramTestbed();
    try {
      const { agent, alice } = people(testbed);
      await testbed.accounts.connect('A', await testbed.connectOptions(agent));
      const states: TelegramAccountView['connection'][] = [];
      testbed.accounts.onChange((_name, view) => view && states.push(view.connection));
      const events: InboundEvent[] = [];
      testbed.port.subscribe((event) => events.push(event));

      testbed.fake.disconnectAll();
      await waitFor(() => states.includes('reconnecting'), STEP_MS, 'the account noticing the drop');
      await waitFor(() => states.at(-1) === 'connected', STEP_MS, 'the account reconnecting');

      const sent = testbed.fake.userSays(alice.id, agent.id, 'still there?');
      await waitFor(
        () => events.some((event) => event.type === 'message'),
        STEP_MS,
        'the message after the reconnect',
      );
      expect(events).toEqual([
        expect.objectContaining({
          type: 'message',
          agent: 'A',
          message: expect.objectContaining({ messageId: sent.idFor(agent.id), senderName: 'Alice' }),
        }),
      ]);
      await withTimeout(send(testbed, 'A', alice.id, 'k1'), STEP_MS, 'a send after the reconnect');
    } finally {
      await testbed.close();
    }
  });

  it('a call that fails does not hold up the calls that went with it in one container', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const testbed = await startTelegramTestbed();
    try {
      const { agent } = people(testbed);
      await testbed.accounts.connect('A', await testbed.connectOptions(agent));
      const account = testbed.accounts.account('A')!;
      testbed.fake.failNext('help.getNearestDc', 400, 'SOMETHING_WRONG');
      // Sent in the same tick, GramJS packs them into one container; the server answers both at once.
      const [failed, answered] = await Promise.allSettled([
        account.invoke(new Api.help.GetNearestDc()),
        account.invoke(new Api.updates.GetState()),
      ]);
      expect(failed).toMatchObject({
        status: 'rejected',
        reason: { message: expect.stringContaining('SOMETHING_WRONG') },
      });
      // Without waiting out the call timeout: the second answer in the container is read too.
      expect(answered).toMatchObject({ status: 'fulfilled' });
    } finally {
      await testbed.close();
    }
  });

  it('refuses calls for an agent that is not connected, as retryable', async () => {
    const testbed = await startTelegramTestbed();
    try {
      const failure = await rejection(testbed.port.listUnread('Nobody'));
      expect(failure).toMatchObject({ retryable: true, message: expect.stringMatching(/not connected/) });
    } finally {
      await testbed.close();
    }
  });
});
