import type { Network } from '../../shared/api';

/**
 * The console's hash routes the desktop shell opens the window at (a tray line, a notification).
 * They are the console's own (`src/renderer/features/*\/paths.ts`); a unit test holds the two equal.
 */

export const AGENTS_ROUTE = '/agents';
export const SETTINGS_ROUTE = '/settings';

/** `#/agents/:configName`: the agent's overview (its Telegram account, co-pilot and spending). */
export function agentRoute(configName: string): string {
  return `${AGENTS_ROUTE}/${encodeURIComponent(configName)}`;
}

/** `#/agents/:configName/plans[/:network]`: the agent's live plans, where drafts wait. */
export function agentPlansRoute(configName: string, network?: Network): string {
  const base = `${agentRoute(configName)}/plans`;
  return network ? `${base}/${network}` : base;
}

const NETWORK_ROOTS: Record<Network, string> = { simulator: '/playground', telegram: '/conversations' };

/** `#/playground/:agent/:channelId` or `#/conversations/:agent/:channelId`: one chat. */
export function chatRoute(network: Network, agent: string, channelId: number): string {
  return `${NETWORK_ROOTS[network]}/${encodeURIComponent(agent)}/${channelId}`;
}

/** The console's URL opened at a route: the entry page with the route as its hash. */
export function entryUrlAt(entryUrl: string, route: string): string {
  return `${entryUrl.replace(/#.*$/, '')}#${route}`;
}
