/** The MessagingPort over Telegram (GramJS), on the accounts of TelegramAccounts. */

export { MUTE_TTL_MS } from './account-context';
export { BLOCKLIST_TTL_MS } from './blocklist';
export { ENTITY_TTL_MS } from './entity-directory';
export type { OwnChange } from './own-changes';
export { randomIdFor } from './random-id';
export { SAVED_MESSAGES_TTL_MS } from './saved-messages';
export {
  type AgentActivityChange,
  TelegramMessagingPort,
  type TelegramMessagingPortOptions,
} from './telegram-messaging-port';
