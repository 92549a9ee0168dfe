/** The media store: its slices, types and React context. */
export * from './context';
export { createMediaStore } from './create-store';
export { CHANGE_DELAY_MS, SEARCH_DELAY_MS } from './list-slice';
export * from './types';
