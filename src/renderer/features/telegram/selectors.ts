import type { TelegramAccountView } from '../../../shared/domain/telegram';
import type { LoginWizard, TelegramState } from './store';

/** Named selectors: components read the Telegram store only through these. */
export const telegramSelectors = {
  status: (s: TelegramState) => s.status,
  error: (s: TelegramState) => s.error,
  server: (s: TelegramState) => s.server,
  /** TROUPE_TELEGRAM_DC chooses the server, so the setting is read-only. */
  serverFromEnvironment: (s: TelegramState) => s.server?.source === 'environment',
  actions: (s: TelegramState) => s.actions,
  /** Every agent's account by config name. */
  accounts: (s: TelegramState) => s.accounts,
  /** An agent's account, or null before the accounts are loaded (or for an agent the runtime does not know). */
  account:
    (configName: string) =>
    (s: TelegramState): TelegramAccountView | null =>
      s.accounts[configName] ?? null,
  /** The agent's open login wizard, or null. */
  login:
    (configName: string) =>
    (s: TelegramState): LoginWizard | null =>
      s.logins[configName] ?? null,
};
