import { Anchor, Stack } from '@mantine/core';
import { Link } from 'wouter';
import type { Network } from '../../../../shared/api/conversation-contract';
import { agentCostsPath } from '../paths';
import { RangePicker } from './RangePicker';
import { UsageReport } from './UsageReport';

/** The inspector's Costs tab: one conversation's calls in the operator's window, and its latest calls. */
export function ConversationCosts({
  conversation,
}: {
  conversation: { agent: string; network: Network; channelId: number };
}) {
  return (
    <Stack gap="sm">
      <RangePicker compact />
      <UsageReport scope={{ kind: 'conversation', ...conversation }} />
      <Anchor component={Link} href={agentCostsPath(conversation.agent)} size="xs">
        All of {conversation.agent}'s costs
      </Anchor>
    </Stack>
  );
}
