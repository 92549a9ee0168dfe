import { Api, errors } from 'telegram';
import { NewMessage, type NewMessageEvent } from 'telegram/events/index.js';
import { describe, expect, it } from 'vitest';
import { waitFor, withTimeout } from '../../support/fake-telegram';
import { inputPeer, loggedInClient, nextValue, STEP_MS, TEST_TIMEOUT_MS, useFakeTelegram } from './fixture';

describe('fake Telegram: faults', () => {
  const fake = useFakeTelegram();

  function people() {
    const agent = fake().createUser({ phone: '+1 555 030 0001', firstName: 'Agent' });
    const alice = fake().createUser({ phone: '+1 555 030 0002', firstName: 'Alice' });
    return { agent, alice };
  }

  it('surfaces a flood wait above GramJS’s sleep threshold as FloodWaitError with its seconds', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { agent, alice } = people();
    const client = await loggedInClient(fake(), agent);
    fake().floodWait('messages.sendMessage', 120);

    const failure = await withTimeout(
      client.sendMessage(inputPeer(alice), { message: 'hi' }),
      STEP_MS,
      'send',
    ).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(errors.FloodWaitError);
    expect((failure as errors.FloodWaitError).seconds).toBe(120);
    expect(fake().messagesBetween(agent.id, alice.id)).toEqual([]);

    await withTimeout(client.sendMessage(inputPeer(alice), { message: 'later' }), STEP_MS, 'the next send');
    expect(
      fake()
        .messagesBetween(agent.id, alice.id)
        .map((message) => message.text),
    ).toEqual(['later']);
  });

  it('lets GramJS sleep through a short flood wait and retry', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { agent, alice } = people();
    const client = await loggedInClient(fake(), agent);
    fake().floodWait('messages.sendMessage', 1);
    const started = Date.now();
    await withTimeout(client.sendMessage(inputPeer(alice), { message: 'patient' }), STEP_MS, 'send');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(
      fake()
        .calls.filter((call) => call.method === 'messages.SendMessage')
        .map((call) => call.error),
    ).toEqual(['FLOOD_WAIT_1', null]);
  });

  it('answers sends with PEER_FLOOD while the account is limited', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { agent, alice } = people();
    const client = await loggedInClient(fake(), agent);
    fake().peerFlood({ times: 2 });
    for (let attempt = 0; attempt < 2; attempt++) {
      await expect(
        withTimeout(client.sendMessage(inputPeer(alice), { message: 'spam?' }), STEP_MS, 'send'),
      ).rejects.toMatchObject({
        code: 400,
        errorMessage: 'PEER_FLOOD',
      });
    }
    await withTimeout(client.sendMessage(inputPeer(alice), { message: 'ok now' }), STEP_MS, 'send');
  });

  it('rejects a typo in a planned fault’s method name', () => {
    expect(() => fake().floodWait('messages.sendMesage', 5)).toThrow('not a Telegram API method');
  });

  it('answers AUTH_KEY_UNREGISTERED after the session is revoked', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { agent } = people();
    const client = await loggedInClient(fake(), agent);
    await withTimeout(client.getMe(), STEP_MS, 'getMe');
    fake().revokeSession(agent.id);
    await expect(
      withTimeout(client.invoke(new Api.updates.GetState()), STEP_MS, 'getState'),
    ).rejects.toMatchObject({
      code: 401,
      errorMessage: 'AUTH_KEY_UNREGISTERED',
    });
  });

  it('survives a dropped connection: the client reconnects and updates flow again', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { agent, alice } = people();
    const client = await loggedInClient(fake(), agent);
    await withTimeout(client.getMe(), STEP_MS, 'getMe');
    expect(fake().sessionCount(agent.id)).toBe(1);
    const accepted = fake().connectionsAccepted;

    fake().disconnectAll();
    await waitFor(
      () => fake().connectionsAccepted > accepted && fake().sessionCount(agent.id) === 1,
      8_000,
      'the client reconnecting',
    );

    const received = nextValue<NewMessageEvent>(
      (callback) => client.addEventHandler(callback, new NewMessage({})),
      (event) => event.message.text === 'still there?',
    );
    fake().userSays(alice.id, agent.id, 'still there?');
    await withTimeout(received, STEP_MS, 'a message after the reconnect');
    expect((await withTimeout(client.getMe(), STEP_MS, 'getMe')).firstName).toBe('Agent');
  });
});
