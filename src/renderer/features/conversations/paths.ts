import type { Network } from '../../../shared/api/conversation-contract';

/** Routes of the conversation pages, relative to the hash router: one page per network. */
export const PLAYGROUND_PATH = '/playground';
export const CONVERSATIONS_PATH = '/conversations';

const NETWORK_PATHS: Record<Network, string> = {
  simulator: PLAYGROUND_PATH,
  telegram: CONVERSATIONS_PATH,
};

/** `#/playground/:agent/:channelId` for the Simulator, `#/conversations/...` for Telegram. */
export function chatPath(network: Network, agent?: string | null, channelId?: number | null): string {
  const root = NETWORK_PATHS[network];
  if (!agent) return root;
  const base = `${root}/${encodeURIComponent(agent)}`;
  return channelId === undefined || channelId === null ? base : `${base}/${channelId}`;
}

/**
 * The chat list a conversation page's route shows, `#/playground/:agent[/...]` or
 * `#/conversations/:agent[/...]`: its network and agent; null for any other page.
 */
export function chatListOfPath(path: string): { network: Network; agent: string } | null {
  for (const [network, root] of Object.entries(NETWORK_PATHS) as Array<[Network, string]>) {
    if (!path.startsWith(`${root}/`)) continue;
    const segment = path.slice(root.length + 1).split('/')[0] ?? '';
    if (segment === '') return null;
    try {
      return { network, agent: decodeURIComponent(segment) };
    } catch {
      return { network, agent: segment };
    }
  }
  return null;
}

/**
 * A message in its chat (`#/playground/:agent/:channelId/:messageId`): the chat opens scrolled to
 * it, highlighted, loading older messages until it is there.
 */
export function messagePath(network: Network, agent: string, channelId: number, messageId: number): string {
  return `${chatPath(network, agent, channelId)}/${messageId}`;
}

export function conversationsPath(agent?: string | null, channelId?: number | null): string {
  return chatPath('telegram', agent, channelId);
}

/** A network from the route; null when the segment names none. */
export function networkFromParam(param: string | undefined): Network | null {
  return param === 'telegram' || param === 'simulator' ? param : null;
}

/** A chat id from the route; null when the segment is not an integer. */
export function channelIdFromParam(param: string | undefined): number | null {
  if (param === undefined || !/^-?\d+$/.test(param)) return null;
  const value = Number(param);
  return Number.isSafeInteger(value) ? value : null;
}
