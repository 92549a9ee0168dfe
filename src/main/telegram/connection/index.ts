export { CallTimeoutError, withCallTimeout } from './call-timeout';
export {
  type CreateClientOptions,
  createTelegramClient,
  destroyTelegramClient,
  type TelegramApiCredentials,
} from './create-client';
export { trustServerKey } from './server-key-trust';
export {
  resolveTelegramServer,
  type TelegramServer,
  TelegramServerConfigError,
  type TelegramServerEnvironment,
} from './telegram-server';
