/** Agents' Telegram accounts: one GramJS client each, their connection state, limits and faults. */
export { Listeners } from './listeners';
export { type BackoffOptions, DEFAULT_RECONNECT_BACKOFF } from './reconnect-backoff';
export {
  type AccountConnectOptions,
  type InvokeOptions,
  type RawUpdate,
  RECONNECT_WAIT_SECONDS,
  type TelegramAccount,
} from './telegram-account';
export { TelegramAccounts, type TelegramAccountsOptions } from './telegram-accounts';
export { classifyTelegramError, rpcErrorCode, type TelegramFault } from './telegram-faults';
