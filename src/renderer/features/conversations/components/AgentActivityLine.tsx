import { Text } from '@mantine/core';
import type { TurnState } from '../../../../shared/domain/tasks';
import { useNow } from '../../../ui/RelativeTime';
import { agentActivity } from '../model';

/**
 * The chat header's line about the agent: thinking (with the seconds so far), typing, waiting for
 * the partner to stop typing (with the seconds left), online or offline. Only the sentence is
 * announced to screen readers; the seconds tick silently.
 */
export function AgentActivityLine({
  agentName,
  partnerName,
  presence,
  turn,
}: {
  agentName: string;
  partnerName: string | null;
  presence: { typing: boolean; online: boolean };
  turn: TurnState | null;
}) {
  // Ticks each second only while there are seconds to count.
  const now = useNow(turn ? 1_000 : 60_000);
  const activity = agentActivity({ agentName, partnerName, presence, turn, now });
  return (
    <Text size="xs" c={activity.active ? 'teal' : 'dimmed'} style={{ flex: 'none', whiteSpace: 'nowrap' }}>
      <span aria-live="polite">{activity.text}</span>
      {activity.seconds !== null && <span aria-hidden> {activity.seconds} s</span>}
    </Text>
  );
}
