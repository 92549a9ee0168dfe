/** The groups and channels an agent's Telegram account is in: listed, joined, left, muted. */
export { joinChat } from './join';
export { chatPhotoBytes, leaveChat, setChatMuted } from './membership-changes';
export { listMemberships, type TelegramMembership } from './membership-list';
