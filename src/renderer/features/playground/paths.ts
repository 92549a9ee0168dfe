import { chatPath } from '../conversations/paths';

/** Routes of the Playground, relative to the hash router (`#/playground/...`). */
export { channelIdFromParam, PLAYGROUND_PATH } from '../conversations/paths';

export function playgroundPath(agent?: string | null, channelId?: number | null): string {
  return chatPath('simulator', agent, channelId);
}
