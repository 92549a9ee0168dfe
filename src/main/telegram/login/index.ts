/** Telegram logins: the wizard's service, encrypted session storage, and the agent-file write-back. */
export { API_CREDENTIALS_SETTING, telegramCredentialsFrom } from './api-credentials';
export { LoginError, type LoginErrorKind } from './login-error';
export { TelegramLoginService, type TelegramLoginServiceDeps } from './login-service';
export {
  type SavedTelegramSession,
  SessionVault,
  type SessionVaultDeps,
  UNREADABLE_SESSION_PROBLEM,
} from './session-vault';
export { TelegramIdWriteError, writeTelegramIdToAgentFile } from './write-telegram-id';
