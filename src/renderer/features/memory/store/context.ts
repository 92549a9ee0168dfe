import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { MemoryState, MemoryStore } from './types';

export const MemoryStoreContext = createContext<MemoryStore | null>(null);

/** Reads the memory store of the surrounding console through one of `memorySelectors`. */
export function useMemoryStore<T>(selector: (state: MemoryState) => T): T {
  const store = useContext(MemoryStoreContext);
  if (!store) throw new Error('useMemoryStore needs a MemoryStoreContext provider.');
  return useStore(store, selector);
}
