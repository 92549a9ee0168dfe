/** The media store: its slices, types and React context. */
export * from './context';
export { createMediaStore } from './create-store';
export { UNLOADED_LIBRARY } from './library-slice';
export { CHANGE_DELAY_MS, SEARCH_DELAY_MS } from './list-slice';
export * from './types';
