import { Alert, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCoin } from '@tabler/icons-react';
import { useState } from 'react';
import type { AgentSteeringView } from '../../../../shared/api/copilot-contract';
import { errorMessage } from '../../../api/errors';
import { RelativeTime } from '../../../ui/RelativeTime';
import { formatUsd } from '../model';
import { useCopilotStore } from '../store';

/** Why the agent is quiet: its daily spending limit is reached; the operator may lift it for today. */
export function SpendingLimitAlert({
  steering,
  agentName,
}: {
  steering: AgentSteeringView;
  agentName: string;
}) {
  const { liftLimit } = useCopilotStore((state) => state.actions);
  const [lifting, setLifting] = useState(false);
  const lift = async () => {
    setLifting(true);
    try {
      await liftLimit(steering.agent);
    } catch (error) {
      notifications.show({ color: 'red', title: 'The limit was not lifted', message: errorMessage(error) });
    } finally {
      setLifting(false);
    }
  };
  return (
    <Alert
      color="orange"
      icon={<IconCoin size={18} aria-hidden />}
      title={`${agentName} reached today's spending limit`}
      role="status"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">
          {formatUsd(steering.spentTodayUsd)} spent of {formatUsd(steering.dailyLimitUsd ?? 0)}. Its turns and
          memory work wait until its next day begins (<RelativeTime iso={steering.resetsAt} upcoming />
          ); messages still arrive.
        </Text>
        <Button size="xs" variant="light" color="orange" loading={lifting} onClick={() => void lift()}>
          Lift for today
        </Button>
      </Group>
    </Alert>
  );
}
