/**
 * The Telegram adapter as the rest of the runtime reaches it. Nothing here loads GramJS: the
 * accounts, logins, port and desk that run it sit behind TelegramLoader, which imports them when
 * Telegram is first needed. Import from here, not from the folders, to keep it that way.
 */
export {
  resolveTelegramServer,
  type TelegramServer,
  TelegramServerConfigError,
} from './connection/telegram-server';
export { API_CREDENTIALS_SETTING, telegramCredentialsFrom } from './login/api-credentials';
export { LoginError } from './login/login-error';
export { type SavedTelegramSession, SessionVault, UNREADABLE_SESSION_PROBLEM } from './login/session-vault';
export { writeTelegramIdToAgentFile } from './login/write-telegram-id';
export { type AccountDesk, DeferredAccountDesk } from './on-demand/deferred-desk';
export { DeferredTelegramPort } from './on-demand/deferred-port';
export { TelegramLoader } from './on-demand/telegram-loader';
export type { TelegramSide, TelegramSideDeps } from './on-demand/telegram-side';
export { FloodWaitRefusal, ProfileFieldError } from './profile/account-refusals';
