import type { LoginStep, TelegramAccountView, TelegramServerView } from '../../../shared/domain/telegram';
import type { ApiHandlers } from '../dispatcher';

/** What the console may do with Telegram accounts; the runtime's Telegram service provides it. */
export interface TelegramConsole {
  server(): TelegramServerView;
  accounts(): TelegramAccountView[];
  startPhoneLogin(configName: string, phone: string): Promise<LoginStep>;
  startQrLogin(configName: string): Promise<LoginStep>;
  submitCode(configName: string, code: string): Promise<LoginStep>;
  submitPassword(configName: string, password: string): Promise<LoginStep>;
  cancelLogin(configName: string): Promise<void>;
  logout(configName: string): Promise<TelegramAccountView>;
  setEnabled(configName: string, enabled: boolean): Promise<TelegramAccountView>;
  resumeSends(configName: string): TelegramAccountView;
}

type TelegramProcedure =
  | 'telegram.accounts'
  | 'telegram.login.start'
  | 'telegram.login.qr'
  | 'telegram.login.code'
  | 'telegram.login.password'
  | 'telegram.login.cancel'
  | 'telegram.logout'
  | 'telegram.setEnabled'
  | 'telegram.resumeSends';

export function createTelegramHandlers(telegram: TelegramConsole): Pick<ApiHandlers, TelegramProcedure> {
  return {
    'telegram.accounts': () => ({ server: telegram.server(), accounts: telegram.accounts() }),
    'telegram.login.start': ({ configName, phone }) => telegram.startPhoneLogin(configName, phone),
    'telegram.login.qr': ({ configName }) => telegram.startQrLogin(configName),
    // Codes are often copied with spaces or dashes ("12 345").
    'telegram.login.code': ({ configName, code }) => telegram.submitCode(configName, code.replace(/\D/g, '')),
    'telegram.login.password': ({ configName, password }) => telegram.submitPassword(configName, password),
    'telegram.login.cancel': async ({ configName }) => {
      await telegram.cancelLogin(configName);
      return {};
    },
    'telegram.logout': ({ configName }) => telegram.logout(configName),
    'telegram.setEnabled': ({ configName, enabled }) => telegram.setEnabled(configName, enabled),
    'telegram.resumeSends': ({ configName }) => telegram.resumeSends(configName),
  };
}
