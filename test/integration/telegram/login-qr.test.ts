import { describe, expect, it } from 'vitest';
import type { LoginStep } from '../../../src/shared/domain/telegram';
import { waitFor, withTimeout } from '../../support/fake-telegram';
import { STEP_MS, TEST_TIMEOUT_MS, useLoginHarness } from './login-fixture';

function qrToken(step: LoginStep): string {
  if (step.step !== 'qr') throw new Error(`expected a QR step, got ${step.step}`);
  const url = new URL(step.url);
  expect(url.protocol).toBe('tg:');
  return url.searchParams.get('token') ?? '';
}

describe('Telegram login by QR code', () => {
  const harness = useLoginHarness();
  const step = <T>(work: Promise<T>, what: string) => withTimeout(work, STEP_MS, what);

  it('shows a tg://login code and logs in once the phone scans it', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { fake, service, nextStep, loggedIn } = harness();
    const agent = fake.createUser({ phone: '+44 7700 900201', firstName: 'Linus' });
    const qr = await step(service.qr('Linus'), 'qr');
    expect(qr).toMatchObject({ step: 'qr', url: expect.stringMatching(/^tg:\/\/login\?token=[\w-]+$/) });
    const expiresIn = Date.parse((qr as { expiresAt: string }).expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(20_000);

    const done = nextStep((announced) => announced.step === 'done');
    fake.scanQrLogin(qrToken(qr), agent.id);
    expect(await step(done, 'the scan to log in')).toMatchObject({ step: 'done', user: { name: 'Linus' } });
    expect(loggedIn.map((entry) => entry.login.user.id)).toEqual([Number(agent.id)]);
    await waitFor(() => fake.sessionCount() === 0, STEP_MS, 'the login client to disconnect');
  });

  it('asks for the two-step password after the scan when the account has one', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { fake, service, nextStep } = harness();
    const agent = fake.createUser({
      phone: '+44 7700 900202',
      firstName: 'Linus',
      password: 'penguin',
      passwordHint: 'bird',
    });
    const qr = await step(service.qr('Linus'), 'qr');
    const passwordStep = nextStep((announced) => announced.step === 'password');
    fake.scanQrLogin(qrToken(qr), agent.id);
    expect(await step(passwordStep, 'the password step')).toEqual({ step: 'password', hint: 'bird' });
    await expect(step(service.password('Linus', 'pigeon'), 'wrong password')).rejects.toThrow(
      'password is wrong',
    );
    expect(await step(service.password('Linus', 'penguin'), 'password')).toMatchObject({
      step: 'done',
      user: { name: 'Linus' },
    });
  });

  it('a cancelled QR login ignores a later scan', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { fake, service, steps, loggedIn } = harness();
    const agent = fake.createUser({ phone: '+44 7700 900203', firstName: 'Linus' });
    const qr = await step(service.qr('Linus'), 'qr');
    await step(service.cancel('Linus'), 'cancel');
    await waitFor(() => fake.sessionCount() === 0, STEP_MS, 'the login client to disconnect');
    fake.scanQrLogin(qrToken(qr), agent.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(steps).toEqual([]);
    expect(loggedIn).toEqual([]);
  });
});

describe('Telegram login by QR code, with short-lived codes', () => {
  const harness = useLoginHarness({}, { qrTokenSeconds: 6 });
  const step = <T>(work: Promise<T>, what: string) => withTimeout(work, STEP_MS, what);

  it('renews the code before it expires; the renewed code logs in', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { fake, service, nextStep } = harness();
    const agent = fake.createUser({ phone: '+44 7700 900204', firstName: 'Linus' });
    const renewed = nextStep((announced) => announced.step === 'qr');
    const first = await step(service.qr('Linus'), 'qr');
    const second = await step(renewed, 'the renewed code');
    expect(qrToken(second)).not.toBe(qrToken(first));
    expect(() => fake.scanQrLogin(qrToken(first), agent.id)).toThrow('no such QR login token');

    const done = nextStep((announced) => announced.step === 'done');
    fake.scanQrLogin(qrToken(second), agent.id);
    expect(await step(done, 'the scan to log in')).toMatchObject({ step: 'done', user: { name: 'Linus' } });
  });
});
