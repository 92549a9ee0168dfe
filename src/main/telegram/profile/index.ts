/** The agent's own Telegram account from the console: profile, photos, contacts, partners' profiles. */

export { TelegramAccountDesk } from './account-desk';
export { FloodWaitRefusal, ProfileFieldError } from './account-refusals';
