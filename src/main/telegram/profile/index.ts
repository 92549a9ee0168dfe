/** The agent's own Telegram account from the console: profile, photos, contacts, partners' profiles. */
export { FloodWaitRefusal, ProfileFieldError } from './account-actions';
export { TelegramAccountDesk } from './account-desk';
