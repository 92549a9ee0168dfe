import { Api, helpers } from 'telegram';
import { describe, expect, it } from 'vitest';
import { connectClient, startFakeTelegram, withTimeout } from '../../support/fake-telegram';
import { STEP_MS, TEST_TIMEOUT_MS, useFakeTelegram } from './fixture';

describe('fake Telegram: transport and key exchange', () => {
  const fake = useFakeTelegram();

  it('runs a full DH key exchange with a fresh client, then serves getMe, five times in a row', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const agent = fake().createUser({ phone: '+1 555 000 1001', firstName: 'Agent', username: 'agent_dh' });
    const keys = new Set<string>();
    for (let round = 0; round < 5; round++) {
      const client = await connectClient(fake());
      const key = client.session.getAuthKey()?.getKey();
      expect(key?.length).toBeGreaterThanOrEqual(255);
      keys.add(key?.toString('hex') ?? '');
      await withTimeout(
        client.start({
          phoneNumber: agent.phone,
          phoneCode: async () => fake().lastCodeFor(agent.phone) ?? '',
          onError: async () => true,
        }),
        STEP_MS,
        'login',
      );
      const me = await withTimeout(client.getMe(), STEP_MS, 'getMe');
      expect(me.id.toString()).toBe(agent.id.toString());
      expect(me.username).toBe('agent_dh');
    }
    expect(keys.size).toBe(5);
  });

  it('reuses a saved session without a new key exchange', { timeout: TEST_TIMEOUT_MS }, async () => {
    const agent = fake().createUser({ phone: '+1 555 000 1002', firstName: 'Agent' });
    const first = await connectClient(fake());
    await withTimeout(
      first.start({
        phoneNumber: agent.phone,
        phoneCode: async () => fake().lastCodeFor(agent.phone) ?? '',
        onError: async () => true,
      }),
      STEP_MS,
      'login',
    );
    const saved = String(first.session.save());
    const keysBefore = fake().authKeyCount;

    const second = await connectClient(fake(), { session: saved });
    expect((await withTimeout(second.getMe(), STEP_MS, 'getMe')).firstName).toBe('Agent');
    expect(fake().authKeyCount).toBe(keysBefore);
    expect(
      second.session
        .getAuthKey()
        ?.getKey()
        ?.equals(first.session.getAuthKey()?.getKey() ?? Buffer.alloc(0)),
    ).toBe(true);
  });

  it('answers help.getConfig with its own DC before any login', { timeout: TEST_TIMEOUT_MS }, async () => {
    const client = await connectClient(fake());
    const config = await withTimeout(client.invoke(new Api.help.GetConfig()), STEP_MS, 'getConfig');
    expect(config.thisDc).toBe(fake().dcId);
    expect(config.dcOptions.map((option) => [option.id, option.ipAddress, option.port])).toEqual([
      [fake().dcId, '127.0.0.1', fake().port],
    ]);
  });

  it('answers pings with pongs', { timeout: TEST_TIMEOUT_MS }, async () => {
    const client = await connectClient(fake());
    const pong = await withTimeout(
      client.invoke(new Api.PingDelayDisconnect({ pingId: helpers.returnBigInt(42), disconnectDelay: 60 })),
      STEP_MS,
      'ping',
    );
    expect(pong).toMatchObject({ className: 'Pong' });
    expect(pong.pingId.toString()).toBe('42');
  });

  it('refuses a call that needs a login with 401 AUTH_KEY_UNREGISTERED', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const client = await connectClient(fake());
    await expect(withTimeout(client.getMe(), STEP_MS, 'getMe')).rejects.toMatchObject({
      code: 401,
      errorMessage: 'AUTH_KEY_UNREGISTERED',
    });
  });

  it('answers a method it does not implement with 400 METHOD_NOT_IMPLEMENTED, and says so', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const lines: string[] = [];
    const quiet = await startFakeTelegram({ log: (line) => lines.push(line) });
    try {
      const agent = quiet.createUser({ phone: '+1 555 000 1003', firstName: 'Agent' });
      const client = await connectClient(quiet, { session: await quiet.createSession(agent.id) });
      await expect(
        withTimeout(client.invoke(new Api.help.GetAppConfig({ hash: 0 })), STEP_MS, 'getAppConfig'),
      ).rejects.toMatchObject({ code: 400, errorMessage: 'METHOD_NOT_IMPLEMENTED' });
      expect(quiet.calls.at(-1)).toMatchObject({
        method: 'help.GetAppConfig',
        error: 'METHOD_NOT_IMPLEMENTED',
      });
      expect(lines).toEqual([expect.stringContaining('help.GetAppConfig')]);
    } finally {
      await quiet.close();
    }
  });
});
