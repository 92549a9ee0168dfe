import { Group, Stack, Text } from '@mantine/core';
import { IconTopologyStar3 } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Network } from '../../../../../shared/api/conversation-contract';
import { byNextRun } from '../../../../../shared/domain/plan-next';
import { useNow } from '../../../../ui/RelativeTime';
import { EmptyBlock, ErrorState, LoadingState } from '../../../../ui/states';
import { chatKey, NETWORK_LABELS } from '../../model';
import { conversationSelectors } from '../../selectors';
import { ConversationNetworkProvider, type ConversationState, useConversationStore } from '../../store';
import { AgentPlanRow } from './AgentPlanRow';

/** How often the order is looked at again as waits run out. */
const REORDER_MS = 5_000;

function PlanList({ agent, agentName, network }: { agent: string; agentName: string; network: Network }) {
  const plans = useConversationStore(useMemo(() => conversationSelectors.agentPlans(agent), [agent]));
  const { loadAgentPlans } = useConversationStore(conversationSelectors.actions);
  useEffect(() => void loadAgentPlans(agent), [agent, loadAgentPlans]);
  // Paused as the chat's parameters say once loaded (the Pause button changes them), else as listed.
  const paused = useConversationStore(
    useShallow((s: ConversationState) =>
      plans.value.map((plan) => s.chats[chatKey(plan)]?.parameters.value?.paused ?? plan.paused),
    ),
  );
  const now = useNow(REORDER_MS).getTime();
  const ordered = useMemo(
    () =>
      byNextRun(
        plans.value.map((plan, index) => ({ ...plan, paused: paused[index]! })),
        now,
      ),
    [plans.value, paused, now],
  );

  if (plans.status === 'error' && plans.value.length === 0) {
    return (
      <ErrorState
        title="The plans could not be loaded"
        message={plans.error ?? 'Unknown error.'}
        onRetry={() => void loadAgentPlans(agent)}
      />
    );
  }
  if (plans.status !== 'ready') return <LoadingState label="Loading the plans…" minHeight={160} />;
  if (ordered.length === 0) {
    return (
      <EmptyBlock
        icon={<IconTopologyStar3 size={28} aria-hidden />}
        title="Nothing planned"
        description={`No conversation of ${agentName} on ${NETWORK_LABELS[network]} has work waiting. When a message starts a turn, its plan shows up here with what runs next and when, and follows it live.`}
      />
    );
  }
  return (
    <Stack gap="sm" role="list" aria-label="Plans, what runs next first">
      {ordered.map((plan) => (
        <AgentPlanRow key={plan.channelId} plan={plan} paused={plan.paused} />
      ))}
    </Stack>
  );
}

/**
 * The agent's page's plan view: every conversation with a live plan on one network, what runs
 * next first, each opening to its graph with the graph's actions.
 */
export function AgentPlans({
  agent,
  agentName,
  network,
  networkSwitch,
}: {
  agent: string;
  agentName: string;
  network: Network;
  networkSwitch: ReactNode;
}) {
  return (
    <ConversationNetworkProvider network={network}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            Conversations with work waiting, what runs next first. They follow the agent live.
          </Text>
          {networkSwitch}
        </Group>
        <PlanList agent={agent} agentName={agentName} network={network} />
      </Stack>
    </ConversationNetworkProvider>
  );
}
