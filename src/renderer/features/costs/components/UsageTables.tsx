import { Anchor, Badge, Button, Group, Paper, ScrollArea, Table, Text, Title, Tooltip } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import type { RecentCall, UsageSummary, UsageTotals } from '../../../../shared/api/usage-contract';
import { dateFormat, formatDateTime, pluralize } from '../../../ui/format';
import { agentPath } from '../../agents/paths';
import { chatPath } from '../../conversations/paths';
import { conversationLabel, formatTokens, formatUsd } from '../model';
import { operationLabel } from '../operation-labels';

function TableCard({ title, children, note }: { title: string; children: ReactNode; note?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} fz="sm" fw={600} mb="sm">
        {title}
      </Title>
      <ScrollArea type="auto">{children}</ScrollArea>
      {note}
    </Paper>
  );
}

/** The spend cell: the sum, and how many calls it leaves out for want of a price. */
function Spend({ row }: { row: Pick<UsageTotals, 'costUsd' | 'unknownPriceCalls'> }) {
  return (
    <>
      {formatUsd(row.costUsd)}
      {row.unknownPriceCalls > 0 && (
        <Tooltip label={`${pluralize(row.unknownPriceCalls, 'call')} without a price, not counted`}>
          <Badge ml={6} size="xs" color="yellow" variant="light">
            +{row.unknownPriceCalls} unpriced
          </Badge>
        </Tooltip>
      )}
    </>
  );
}

function SumCells({ row }: { row: UsageTotals }) {
  return (
    <>
      <Table.Td ta="right">
        <Spend row={row} />
      </Table.Td>
      <Table.Td ta="right">{row.calls.toLocaleString('en')}</Table.Td>
      <Table.Td ta="right">{formatTokens(row.inputTokens)}</Table.Td>
      <Table.Td ta="right">{formatTokens(row.outputTokens)}</Table.Td>
    </>
  );
}

const SUM_HEADS = (
  <>
    <Table.Th ta="right">Spend</Table.Th>
    <Table.Th ta="right">Calls</Table.Th>
    <Table.Th ta="right">Input</Table.Th>
    <Table.Th ta="right">Output</Table.Th>
  </>
);

export function AgentsTable({ summary }: { summary: UsageSummary }) {
  return (
    <TableCard title="Per agent">
      <Table striped highlightOnHover verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Agent</Table.Th>
            {SUM_HEADS}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {summary.agents.map((row) => (
            <Table.Tr key={row.agent}>
              <Table.Td>
                <Anchor component={Link} href={agentPath(row.agent)} size="sm">
                  {row.agent}
                </Anchor>
              </Table.Td>
              <SumCells row={row} />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableCard>
  );
}

/** Conversations listed before the operator asks for all of them. */
const FIRST_CONVERSATIONS = 15;

/**
 * Per conversation, the costliest first, each linking to its chat (and its agent, when the view
 * spans agents); the first 15 until the operator asks for the rest.
 */
export function ConversationsTable({ summary, showAgent }: { summary: UsageSummary; showAgent: boolean }) {
  const [all, setAll] = useState(false);
  const rows = all ? summary.conversations : summary.conversations.slice(0, FIRST_CONVERSATIONS);
  const hidden = summary.conversations.length - rows.length;
  const note = (
    <Group gap="sm" mt={hidden > 0 || summary.moreConversations > 0 ? 'xs' : 0}>
      {hidden > 0 && (
        <Button variant="subtle" size="compact-xs" onClick={() => setAll(true)}>
          Show all {summary.conversations.length}
        </Button>
      )}
      {all && summary.moreConversations > 0 && (
        <Text size="xs" c="dimmed">
          And {pluralize(summary.moreConversations, 'cheaper conversation')}.
        </Text>
      )}
    </Group>
  );
  return (
    <TableCard title="Per conversation" note={note}>
      <Table striped highlightOnHover verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Conversation</Table.Th>
            {showAgent && <Table.Th>Agent</Table.Th>}
            {SUM_HEADS}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.agent}:${row.network}:${row.channelId}`}>
              <Table.Td>
                {row.network !== null && row.channelId !== null ? (
                  <Anchor component={Link} href={chatPath(row.network, row.agent, row.channelId)} size="sm">
                    {conversationLabel(row)}
                  </Anchor>
                ) : (
                  <Text size="sm" c="dimmed">
                    {conversationLabel(row)}
                  </Text>
                )}
                {row.network === 'simulator' && (
                  <Badge ml={6} size="xs" variant="light" color="gray">
                    Playground
                  </Badge>
                )}
              </Table.Td>
              {showAgent && (
                <Table.Td>
                  <Anchor component={Link} href={agentPath(row.agent)} size="sm">
                    {row.agent}
                  </Anchor>
                </Table.Td>
              )}
              <SumCells row={row} />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableCard>
  );
}

function CallCost({ call }: { call: RecentCall }) {
  if (call.costUsd !== null) return <>{formatUsd(call.costUsd)}</>;
  return (
    <Badge size="xs" color="yellow" variant="light">
      no price
    </Badge>
  );
}

/** The newest calls, for a conversation or an agent: when, what for, which model, what it cost. */
export function RecentCallsTable({ calls }: { calls: RecentCall[] }) {
  return (
    <TableCard title="Latest calls">
      <Table striped verticalSpacing={4} fz="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Operation</Table.Th>
            <Table.Th>Model</Table.Th>
            <Table.Th ta="right">In / out</Table.Th>
            <Table.Th ta="right">Cost</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {calls.map((call) => (
            <Table.Tr key={`${call.at}:${call.operation}:${call.model}`}>
              <Table.Td>
                <time dateTime={call.at} title={formatDateTime(call.at)}>
                  {dateFormat(undefined, {
                    month: 'short',
                    day: 'numeric',
                    hour: 'numeric',
                    minute: '2-digit',
                  }).format(new Date(call.at))}
                </time>
              </Table.Td>
              <Table.Td>
                <span title={`Recorded as ${call.operation}`}>{operationLabel(call.operation)}</span>
                {call.error !== null && (
                  <Tooltip label={call.error}>
                    <Badge ml={4} size="xs" color="red" variant="light">
                      failed
                    </Badge>
                  </Tooltip>
                )}
              </Table.Td>
              <Table.Td ff="monospace">{call.model}</Table.Td>
              <Table.Td ta="right">
                {formatTokens(call.inputTokens)} / {formatTokens(call.outputTokens)}
              </Table.Td>
              <Table.Td ta="right">
                <CallCost call={call} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableCard>
  );
}
