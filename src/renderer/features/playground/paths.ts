/** Routes of the Playground, relative to the hash router (`#/playground/...`). */
export const PLAYGROUND_PATH = '/playground';

export function playgroundPath(agent?: string | null, channelId?: number | null): string {
  if (!agent) return PLAYGROUND_PATH;
  const base = `${PLAYGROUND_PATH}/${encodeURIComponent(agent)}`;
  return channelId === undefined || channelId === null ? base : `${base}/${channelId}`;
}

/** A chat id from the route; null when the segment is not an integer. */
export function channelIdFromParam(param: string | undefined): number | null {
  if (param === undefined || !/^-?\d+$/.test(param)) return null;
  const value = Number(param);
  return Number.isSafeInteger(value) ? value : null;
}
