import { describe, expect, it } from 'vitest';
import { LoginError } from '../../../src/main/telegram/login';
import { waitFor, withTimeout } from '../../support/fake-telegram';
import { STEP_MS, TEST_TIMEOUT_MS, useLoginHarness } from './login-fixture';

describe('Telegram login by phone code', () => {
  const harness = useLoginHarness();
  const step = <T>(work: Promise<T>, what: string) => withTimeout(work, STEP_MS, what);

  it('sends a code, signs in with it and saves the session', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { fake, service, vault, loggedIn } = harness();
    const agent = fake.createUser({
      phone: '+44 7700 900101',
      firstName: 'Ada',
      lastName: 'L',
      username: 'ada_l',
    });

    const sent = await step(service.start('Ada', '+44 7700 900101'), 'start');
    expect(sent).toEqual({ step: 'code', phone: '+447700900101', sentTo: 'app', codeLength: 5 });

    const done = await step(service.code('Ada', fake.lastCodeFor(agent.phone)!), 'code');
    const user = {
      id: Number(agent.id),
      name: 'Ada L',
      username: 'ada_l',
      phone: '+447700900101',
      premium: false,
    };
    expect(done).toEqual({ step: 'done', user });
    expect(vault.load('Ada', `custom:${fake.host}:${fake.port}:${fake.dcId}`)?.user).toEqual(user);
    expect(loggedIn.map((entry) => [entry.configName, entry.login.user])).toEqual([['Ada', user]]);
  });

  it('asks for the two-step password with its hint, then logs in', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { fake, service } = harness();
    const agent = fake.createUser({
      phone: '+44 7700 900102',
      firstName: 'Grace',
      password: 'correct horse',
      passwordHint: 'xkcd',
    });
    await step(service.start('Grace', agent.phone), 'start');
    const password = await step(service.code('Grace', fake.lastCodeFor(agent.phone)!), 'code');
    expect(password).toEqual({ step: 'password', hint: 'xkcd' });
    const done = await step(service.password('Grace', 'correct horse'), 'password');
    expect(done).toMatchObject({ step: 'done', user: { name: 'Grace' } });
  });

  it('keeps the code step after a wrong code and accepts the right one', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { fake, service } = harness();
    const agent = fake.createUser({ phone: '+44 7700 900103', firstName: 'Ada' });
    await step(service.start('Ada', agent.phone), 'start');
    await expect(step(service.code('Ada', '00000'), 'wrong code')).rejects.toMatchObject({
      kind: 'invalid_input',
      message: expect.stringContaining('code is wrong'),
    });
    const done = await step(service.code('Ada', fake.lastCodeFor(agent.phone)!), 'right code');
    expect(done.step).toBe('done');
  });

  it('keeps the password step after a wrong password and accepts the right one', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { fake, service, loggedIn } = harness();
    const agent = fake.createUser({ phone: '+44 7700 900104', firstName: 'Grace', password: 'right' });
    await step(service.start('Grace', agent.phone), 'start');
    await step(service.code('Grace', fake.lastCodeFor(agent.phone)!), 'code');
    await expect(step(service.password('Grace', 'wrong'), 'wrong password')).rejects.toMatchObject({
      kind: 'invalid_input',
      message: expect.stringContaining('password is wrong'),
    });
    expect(loggedIn).toEqual([]);
    expect((await step(service.password('Grace', 'right'), 'right password')).step).toBe('done');
  });

  it('says to request a new code when the code expired', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { fake, service } = harness();
    const agent = fake.createUser({ phone: '+44 7700 900105', firstName: 'Ada' });
    await step(service.start('Ada', agent.phone), 'start');
    fake.expireCode(agent.phone);
    await expect(step(service.code('Ada', fake.lastCodeFor(agent.phone)!), 'code')).rejects.toThrow(
      /expired; request a new code/,
    );
    // Starting again sends a new code, which works.
    await step(service.start('Ada', agent.phone), 'restart');
    expect((await step(service.code('Ada', fake.lastCodeFor(agent.phone)!), 'new code')).step).toBe('done');
  });

  it('explains a banned number, an unknown number, a flood wait and rejected API credentials', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { fake, service } = harness();
    const agent = fake.createUser({ phone: '+44 7700 900106', firstName: 'Ada' });
    fake.banPhone(agent.phone);
    await expect(step(service.start('Ada', agent.phone), 'banned')).rejects.toMatchObject({
      kind: 'unavailable',
      message: expect.stringContaining('banned this phone number'),
    });
    await expect(step(service.start('Ada', '+44 7700 900999'), 'unknown')).rejects.toMatchObject({
      kind: 'invalid_input',
      message: expect.stringContaining('does not accept this phone number'),
    });

    const other = fake.createUser({ phone: '+44 7700 900107', firstName: 'Bo' });
    fake.floodWait('auth.sendCode', 1_800);
    await expect(step(service.start('Bo', other.phone), 'flood')).rejects.toMatchObject({
      kind: 'unavailable',
      message: 'Telegram asks to wait 30 minutes before trying to log in again.',
    });
    fake.failNext('auth.sendCode', 400, 'API_ID_INVALID');
    await expect(step(service.start('Bo', other.phone), 'api id')).rejects.toThrow(
      /rejected the API id and hash; check them in the console’s Settings → Telegram/,
    );
    // None of the failed starts left a client behind.
    await waitFor(() => fake.sessionCount() === 0, STEP_MS, 'the failed logins to disconnect');
  });

  it('refuses to start without API credentials and names where to set them', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const service = harness().newService({ credentials: () => null });
    const error = await step(service.start('Ada', '+44 7700 900108'), 'start').catch((caught) => caught);
    expect(error).toBeInstanceOf(LoginError);
    expect(error).toMatchObject({
      kind: 'unavailable',
      message: expect.stringContaining('Settings → Telegram'),
    });
  });

  it('refuses a step out of order', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { fake, service } = harness();
    await expect(service.code('Ada', '12345')).rejects.toThrow('No login of Ada is waiting for a code');
    const agent = fake.createUser({ phone: '+44 7700 900109', firstName: 'Ada' });
    await step(service.start('Ada', agent.phone), 'start');
    await expect(service.password('Ada', 'secret')).rejects.toMatchObject({
      kind: 'invalid_input',
      message: expect.stringContaining('waiting for a password'),
    });
    // The login is still on its code step.
    expect((await step(service.code('Ada', fake.lastCodeFor(agent.phone)!), 'code')).step).toBe('done');
  });

  it('cancel disconnects the login and forgets it', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { fake, service, vault } = harness();
    const agent = fake.createUser({ phone: '+44 7700 900110', firstName: 'Ada' });
    await step(service.start('Ada', agent.phone), 'start');
    expect(fake.sessionCount()).toBe(1);
    await step(service.cancel('Ada'), 'cancel');
    await waitFor(() => fake.sessionCount() === 0, STEP_MS, 'the login client to disconnect');
    await expect(service.code('Ada', fake.lastCodeFor(agent.phone)!)).rejects.toThrow('No login of Ada');
    expect(vault.list(`custom:${fake.host}:${fake.port}:${fake.dcId}`).size).toBe(0);
  });

  it('cancels a login left unfinished and says so', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { fake, newService, nextStep } = harness();
    const service = newService({ abandonAfterMs: 300 });
    const agent = fake.createUser({ phone: '+44 7700 900111', firstName: 'Ada' });
    const failed = nextStep((announced) => announced.step === 'failed');
    await step(service.start('Ada', agent.phone), 'start');
    expect(await step(failed, 'the abandoned login')).toEqual({
      step: 'failed',
      message: expect.stringContaining('left unfinished'),
    });
    await waitFor(() => fake.sessionCount() === 0, STEP_MS, 'the login client to disconnect');
  });
});
