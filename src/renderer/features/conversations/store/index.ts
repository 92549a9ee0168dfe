/** The conversation pages' store: its slices, types and React context. */
export * from './context';
export { createConversationStore } from './create-store';
export { MESSAGE_PAGE_SIZE } from './older-pages';
export * from './types';
