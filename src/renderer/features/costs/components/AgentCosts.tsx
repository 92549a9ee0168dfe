import { Stack } from '@mantine/core';
import { RangePicker } from './RangePicker';
import { UsageReport } from './UsageReport';

/** An agent's Costs tab: its calls in the operator's window, by day, conversation, operation and model. */
export function AgentCosts({ agent }: { agent: string }) {
  return (
    <Stack gap="md">
      <RangePicker />
      <UsageReport scope={{ kind: 'agent', agent }} />
    </Stack>
  );
}
