import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { MediaState, MediaStore } from './types';

export const MediaStoreContext = createContext<MediaStore | null>(null);

/** Reads the media store of the surrounding console through one of `mediaSelectors`. */
export function useMediaStore<T>(selector: (state: MediaState) => T): T {
  const store = useContext(MediaStoreContext);
  if (!store) throw new Error('useMediaStore needs a MediaStoreContext provider.');
  return useStore(store, selector);
}
