/** The memory store: its slices, types and React context. */
export * from './context';
export { createMemoryStore } from './create-store';
export * from './types';
