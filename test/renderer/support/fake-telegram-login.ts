import { ApiError } from '../../../src/shared/api/errors';
import { telegramProcedures } from '../../../src/shared/api/telegram-contract';
import type { LoginStep, TelegramAccountView, TelegramUser } from '../../../src/shared/domain/telegram';
import type { FakeRuntime } from './fake-runtime';

type TelegramLoginProcedure = keyof typeof telegramProcedures;

export function isTelegramLoginProcedure(method: string): method is TelegramLoginProcedure {
  return Object.hasOwn(telegramProcedures, method);
}

export function telegramAccount(
  configName: string,
  overrides: Partial<TelegramAccountView> = {},
): TelegramAccountView {
  return {
    configName,
    enabled: true,
    connection: 'logged-out',
    user: null,
    coolDownUntil: null,
    sendsStoppedUntil: null,
    problem: null,
    ...overrides,
  };
}

/** The account the fake runtime's logins end in: the right code is 12345, the right password "secret". */
export const FAKE_TELEGRAM_USER: TelegramUser = {
  id: 777000123,
  name: 'Heidi Klum',
  username: 'heidi',
  phone: '15550000000',
  premium: false,
};

/** An agent's account signed in and connected as FAKE_TELEGRAM_USER, or logged out. */
export function signedInAccount(configName: string, signedIn: boolean): TelegramAccountView {
  return telegramAccount(
    configName,
    signedIn
      ? { connection: 'connected', user: FAKE_TELEGRAM_USER }
      : { connection: 'logged-out', user: null },
  );
}

/** The runtime's Telegram accounts as the sign-in procedures read and change them. */
type TelegramLoginState = Pick<FakeRuntime, 'telegramServer' | 'telegramAccounts' | 'now'>;

/** Answers the accounts list, the sign-in steps, sign-out, enabling and resumed sends (`telegram.*`). */
export function answerTelegramLogin(
  runtime: TelegramLoginState,
  method: TelegramLoginProcedure,
  input: unknown,
): unknown {
  switch (method) {
    case 'telegram.accounts':
      return { server: runtime.telegramServer, accounts: [...runtime.telegramAccounts.values()] };
    case 'telegram.login.start': {
      const { phone } = input as { phone: string };
      const step: LoginStep = { step: 'code', phone, sentTo: 'app', codeLength: 5 };
      return step;
    }
    case 'telegram.login.qr': {
      const step: LoginStep = {
        step: 'qr',
        url: 'tg://login?token=AQJkZXZlbG9wZXItdG9rZW4',
        expiresAt: new Date(runtime.now.getTime() + 30_000).toISOString(),
      };
      return step;
    }
    case 'telegram.login.code': {
      const { code } = input as { code: string };
      if (code.trim() !== '12345')
        throw new ApiError('invalid_input', 'The code is wrong. Check it and try again.');
      const step: LoginStep = { step: 'password', hint: 'first pet' };
      return step;
    }
    case 'telegram.login.password': {
      const { password } = input as { password: string };
      if (password !== 'secret')
        throw new ApiError('invalid_input', 'The password is wrong. Check it and try again.');
      const step: LoginStep = { step: 'done', user: FAKE_TELEGRAM_USER };
      return step;
    }
    case 'telegram.login.cancel':
      return {};
    case 'telegram.logout':
      return updateAccount(runtime, (input as { configName: string }).configName, {
        connection: 'logged-out',
      });
    case 'telegram.setEnabled': {
      const { configName, enabled } = input as { configName: string; enabled: boolean };
      return updateAccount(runtime, configName, {
        enabled,
        connection: enabled ? 'connecting' : 'disabled',
      });
    }
    case 'telegram.resumeSends': {
      const { configName } = input as { configName: string };
      return updateAccount(runtime, configName, { sendsStoppedUntil: null, problem: null });
    }
    default:
      return method satisfies never;
  }
}

function updateAccount(
  runtime: TelegramLoginState,
  configName: string,
  change: Partial<TelegramAccountView>,
): TelegramAccountView {
  const account = runtime.telegramAccounts.get(configName);
  if (!account) throw new ApiError('not_found', `There is no agent "${configName}".`);
  const next = { ...account, ...change };
  runtime.telegramAccounts.set(configName, next);
  return next;
}
