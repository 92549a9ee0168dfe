import { useEffect, useMemo } from 'react';
import type { Network } from '../../../../shared/api/conversation-contract';
import { queryKey, type UsageQuery } from '../model';
import { costsSelectors } from '../selectors';
import { type SummaryView, useCostsStore } from '../store';

/**
 * The summary of the operator's window for every agent, one agent or one conversation, followed
 * while the view is on screen (fetched again when new calls are recorded or prices change).
 */
export function useUsageSummary(
  agent: string | null,
  conversation: { network: Network; channelId: number } | null,
): { query: UsageQuery; view: SummaryView | undefined } {
  const range = useCostsStore(costsSelectors.range);
  const network = conversation?.network;
  const channelId = conversation?.channelId;
  const query = useMemo<UsageQuery>(
    () => ({
      range,
      agent,
      conversation: network !== undefined && channelId !== undefined ? { network, channelId } : null,
    }),
    [range, agent, network, channelId],
  );
  const key = queryKey(query);
  const { follow } = useCostsStore(costsSelectors.actions);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the query
  useEffect(() => follow(query), [key, follow]);
  const view = useCostsStore(useMemo(() => costsSelectors.summary(key), [key]));
  return { query, view };
}
