import { Api, type TelegramClient } from 'telegram';
import { describe, expect, it } from 'vitest';
import { connectClient, FAKE_API_HASH, FAKE_API_ID, withTimeout } from '../../support/fake-telegram';
import { STEP_MS, TEST_TIMEOUT_MS, useFakeTelegram } from './fixture';

/** Errors GramJS hands its onError callback during a login, by Telegram error message. */
function errorMessages(errors: unknown[]): string[] {
  return errors.map((error) => (error as { errorMessage?: string }).errorMessage ?? String(error));
}

describe('fake Telegram: logins', () => {
  const fake = useFakeTelegram();

  async function expectLoggedInAs(client: TelegramClient, firstName: string): Promise<void> {
    expect((await withTimeout(client.getMe(), STEP_MS, 'getMe')).firstName).toBe(firstName);
  }

  it('logs in with the code "sent to the app"', { timeout: TEST_TIMEOUT_MS }, async () => {
    const agent = fake().createUser({ phone: '+44 7700 900001', firstName: 'Ada' });
    const client = await connectClient(fake());
    const viaApp: boolean[] = [];
    await withTimeout(
      client.start({
        phoneNumber: '+447700900001',
        phoneCode: async (isCodeViaApp) => {
          viaApp.push(Boolean(isCodeViaApp));
          return fake().lastCodeFor(agent.phone) ?? '';
        },
        onError: async () => true,
      }),
      STEP_MS,
      'login',
    );
    expect(viaApp).toEqual([true]);
    await expectLoggedInAs(client, 'Ada');
  });

  it('reports a wrong code as PHONE_CODE_INVALID and accepts the right one after', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const agent = fake().createUser({ phone: '+44 7700 900002', firstName: 'Ada' });
    const client = await connectClient(fake());
    const codes = ['00000'];
    const errors: unknown[] = [];
    await withTimeout(
      client.start({
        phoneNumber: agent.phone,
        phoneCode: async () => codes.shift() ?? fake().lastCodeFor(agent.phone) ?? '',
        onError: (error) => void errors.push(error),
      }),
      STEP_MS,
      'login',
    );
    expect(errorMessages(errors)).toEqual(['PHONE_CODE_INVALID']);
    await expectLoggedInAs(client, 'Ada');
  });

  it('reports an expired code as PHONE_CODE_EXPIRED', { timeout: TEST_TIMEOUT_MS }, async () => {
    const agent = fake().createUser({ phone: '+44 7700 900003', firstName: 'Ada' });
    const client = await connectClient(fake());
    const errors: unknown[] = [];
    const login = client.start({
      phoneNumber: agent.phone,
      phoneCode: async () => {
        fake().expireCode(agent.phone);
        return fake().lastCodeFor(agent.phone) ?? '';
      },
      onError: async (error) => {
        errors.push(error);
        return true;
      },
    });
    await expect(withTimeout(login, STEP_MS, 'login')).rejects.toThrow('AUTH_USER_CANCEL');
    expect(errorMessages(errors)).toEqual(['PHONE_CODE_EXPIRED']);
  });

  it('sends a new code on request; the old one no longer works', { timeout: TEST_TIMEOUT_MS }, async () => {
    const agent = fake().createUser({ phone: '+44 7700 900011', firstName: 'Ada' });
    const client = await connectClient(fake());
    const sent = await withTimeout(
      client.invoke(
        new Api.auth.SendCode({
          phoneNumber: agent.phone,
          apiId: FAKE_API_ID,
          apiHash: FAKE_API_HASH,
          settings: new Api.CodeSettings({}),
        }),
      ),
      STEP_MS,
      'sendCode',
    );
    if (!(sent instanceof Api.auth.SentCode)) throw new Error(`got ${sent.className}`);
    const firstCode = fake().lastCodeFor(agent.phone);
    const resent = await withTimeout(
      client.invoke(new Api.auth.ResendCode({ phoneNumber: agent.phone, phoneCodeHash: sent.phoneCodeHash })),
      STEP_MS,
      'resendCode',
    );
    if (!(resent instanceof Api.auth.SentCode)) throw new Error(`got ${resent.className}`);
    const signIn = (phoneCodeHash: string, phoneCode: string) =>
      withTimeout(
        client.invoke(new Api.auth.SignIn({ phoneNumber: agent.phone, phoneCodeHash, phoneCode })),
        STEP_MS,
        'signIn',
      );

    await expect(signIn(sent.phoneCodeHash, firstCode ?? '')).rejects.toMatchObject({
      errorMessage: 'PHONE_CODE_EXPIRED',
    });
    await signIn(resent.phoneCodeHash, fake().lastCodeFor(agent.phone) ?? '');
    await expectLoggedInAs(client, 'Ada');
  });

  it('refuses a banned number with PHONE_NUMBER_BANNED', { timeout: TEST_TIMEOUT_MS }, async () => {
    const agent = fake().createUser({ phone: '+44 7700 900004', firstName: 'Ada' });
    fake().banPhone(agent.phone);
    const client = await connectClient(fake());
    const login = client.start({
      phoneNumber: agent.phone,
      phoneCode: async () => '',
      onError: async () => true,
    });
    await expect(withTimeout(login, STEP_MS, 'login')).rejects.toMatchObject({
      errorMessage: 'PHONE_NUMBER_BANNED',
    });
  });

  it('asks for the 2FA password and checks it with SRP', { timeout: TEST_TIMEOUT_MS }, async () => {
    const agent = fake().createUser({
      phone: '+44 7700 900005',
      firstName: 'Grace',
      password: 'correct horse battery staple',
      passwordHint: 'xkcd',
    });
    const client = await connectClient(fake());
    const hints: (string | undefined)[] = [];
    await withTimeout(
      client.start({
        phoneNumber: agent.phone,
        phoneCode: async () => fake().lastCodeFor(agent.phone) ?? '',
        password: async (hint) => {
          hints.push(hint);
          return 'correct horse battery staple';
        },
        onError: async () => true,
      }),
      STEP_MS,
      'login',
    );
    expect(hints).toEqual(['xkcd']);
    await expectLoggedInAs(client, 'Grace');
    expect(
      fake()
        .calls.map((call) => call.error)
        .filter(Boolean),
    ).toEqual(['AUTH_KEY_UNREGISTERED', 'SESSION_PASSWORD_NEEDED']);
  });

  it('rejects a wrong 2FA password with PASSWORD_HASH_INVALID and stays logged out', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const agent = fake().createUser({ phone: '+44 7700 900006', firstName: 'Grace', password: 'right' });
    const client = await connectClient(fake());
    const passwords = ['wrong', 'right'];
    const errors: unknown[] = [];
    const stopAfterFirstError = client.start({
      phoneNumber: agent.phone,
      phoneCode: async () => fake().lastCodeFor(agent.phone) ?? '',
      password: async () => passwords.shift() ?? '',
      onError: async (error) => {
        errors.push(error);
        return true;
      },
    });
    await expect(withTimeout(stopAfterFirstError, STEP_MS, 'login')).rejects.toThrow('AUTH_USER_CANCEL');
    expect(errorMessages(errors)).toEqual(['PASSWORD_HASH_INVALID']);
    await expect(withTimeout(client.getMe(), STEP_MS, 'getMe')).rejects.toMatchObject({
      errorMessage: 'AUTH_KEY_UNREGISTERED',
    });

    // A second attempt in the same session needs a fresh SRP challenge, as on Telegram.
    await withTimeout(
      client.signInWithPassword(
        { apiId: FAKE_API_ID, apiHash: FAKE_API_HASH },
        { password: async () => passwords.shift() ?? '', onError: async () => true },
      ),
      STEP_MS,
      'password retry',
    );
    await expectLoggedInAs(client, 'Grace');
  });

  it('logs in by QR code once the phone scans it', { timeout: TEST_TIMEOUT_MS }, async () => {
    const agent = fake().createUser({ phone: '+44 7700 900007', firstName: 'Linus' });
    const client = await connectClient(fake());
    const tokens: Buffer[] = [];
    const user = await withTimeout(
      client.signInUserWithQrCode(
        { apiId: FAKE_API_ID, apiHash: FAKE_API_HASH },
        {
          qrCode: async ({ token }) => {
            tokens.push(token);
            fake().scanQrLogin(token.toString('base64url'), agent.id);
          },
          onError: async () => true,
        },
      ),
      STEP_MS,
      'QR login',
    );
    expect(tokens).toHaveLength(1);
    expect(user.id.toString()).toBe(agent.id.toString());
    await expectLoggedInAs(client, 'Linus');
    // One export for the QR code, one after the updateLoginToken push that brings the success.
    expect(fake().calls.filter((call) => call.method === 'auth.ExportLoginToken')).toHaveLength(2);
  });

  it('imports a scanned login token into the session', { timeout: TEST_TIMEOUT_MS }, async () => {
    const agent = fake().createUser({ phone: '+44 7700 900008', firstName: 'Linus' });
    const client = await connectClient(fake());
    const exported = await withTimeout(
      client.invoke(
        new Api.auth.ExportLoginToken({ apiId: FAKE_API_ID, apiHash: FAKE_API_HASH, exceptIds: [] }),
      ),
      STEP_MS,
      'exportLoginToken',
    );
    if (!(exported instanceof Api.auth.LoginToken)) throw new Error(`got ${exported.className}`);
    const pending = await withTimeout(
      client.invoke(new Api.auth.ImportLoginToken({ token: exported.token })),
      STEP_MS,
      'importLoginToken before the scan',
    );
    expect(pending).toBeInstanceOf(Api.auth.LoginToken);

    fake().scanQrLogin(exported.token, agent.id);
    const imported = await withTimeout(
      client.invoke(new Api.auth.ImportLoginToken({ token: exported.token })),
      STEP_MS,
      'importLoginToken after the scan',
    );
    expect(imported).toBeInstanceOf(Api.auth.LoginTokenSuccess);
    await expectLoggedInAs(client, 'Linus');
  });

  it('asks for the password after a QR scan when the account has 2FA', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const agent = fake().createUser({ phone: '+44 7700 900009', firstName: 'Linus', password: 'penguin' });
    const client = await connectClient(fake());
    await withTimeout(
      client.signInUserWithQrCode(
        { apiId: FAKE_API_ID, apiHash: FAKE_API_HASH },
        {
          qrCode: async ({ token }) => fake().scanQrLogin(token, agent.id),
          password: async () => 'penguin',
          onError: async () => true,
        },
      ),
      STEP_MS,
      'QR login',
    );
    await expectLoggedInAs(client, 'Linus');
  });

  it('logs out: the session is unregistered afterwards', { timeout: TEST_TIMEOUT_MS }, async () => {
    const agent = fake().createUser({ phone: '+44 7700 900010', firstName: 'Ada' });
    const client = await connectClient(fake(), { session: await fake().createSession(agent.id) });
    await expectLoggedInAs(client, 'Ada');
    await withTimeout(client.invoke(new Api.auth.LogOut()), STEP_MS, 'logOut');
    await expect(
      withTimeout(client.invoke(new Api.updates.GetState()), STEP_MS, 'getState'),
    ).rejects.toMatchObject({
      errorMessage: 'AUTH_KEY_UNREGISTERED',
    });
  });
});
