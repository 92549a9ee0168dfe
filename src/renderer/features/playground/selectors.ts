import { type ChatRef, chatKey } from '../conversations/model';
import type { PlaygroundState } from './store';

/** Named selectors: components read the Playground store only through these. */
export const playgroundSelectors = {
  actions: (s: PlaygroundState) => s.actions,
  attachment: (ref: ChatRef) => (s: PlaygroundState) => s.attachments[chatKey(ref)],
};
