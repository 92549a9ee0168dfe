import { Alert, Badge, Group, List, Stack, Text } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import type { LoggedTask, MessageProvenance } from '../../../../../shared/api/conversation-contract';
import { formatDateTime } from '../../../../ui/format';
import { RelativeTime } from '../../../../ui/RelativeTime';
import { EmptyBlock } from '../../../../ui/states';
import { loggedTaskWords, taskKindLabel } from '../../model';
import { ExchangeView } from '../exchange/ExchangeView';
import { Block, Stat } from '../exchange/exchange-parts';

function TaskFacts({ task }: { task: LoggedTask }) {
  return (
    <Block title="The task">
      <Group gap={6}>
        <Badge variant="light" tt="none" title={task.kind}>
          {taskKindLabel(task.kind)}
        </Badge>
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {task.id}
        </Text>
      </Group>
      <Group gap="lg" align="flex-start">
        <Stat label="Ran" value={<RelativeTime iso={task.at} />} hint={formatDateTime(task.at)} />
        <Stat
          label="Planned by"
          value={task.origin ?? '—'}
          hint={task.origin ? 'The turn whose reply planned it' : 'No turn is recorded as its plan'}
        />
      </Group>
    </Block>
  );
}

function PlannedTasks({ planned, tracedId }: { planned: LoggedTask[]; tracedId: string }) {
  return (
    <Block title={`What the turn planned (${planned.length})`}>
      <List size="sm" spacing={4} aria-label="Tasks the turn planned">
        {planned.map((task) => (
          <List.Item key={task.id}>
            <Text span size="sm" fw={task.id === tracedId ? 650 : undefined}>
              {loggedTaskWords(task)}
            </Text>
            {task.id === tracedId && (
              <Text span size="xs" c="dimmed">
                {' '}
                (this one)
              </Text>
            )}
            {task.failure && (
              <Text span size="xs" c="red">
                {' '}
                — {task.failure}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    </Block>
  );
}

/**
 * Why the agent said (or reacted with) something: the task that did it, what else its turn
 * planned, and the exchange behind it in full; what is no longer kept is said plainly.
 */
export function ProvenanceBody({ provenance, what }: { provenance: MessageProvenance | null; what: string }) {
  if (!provenance?.task) {
    return (
      <EmptyBlock
        icon={<IconHelpCircle size={26} aria-hidden />}
        title="No record of why"
        description={`Nothing kept traces ${what} to a turn of the agent. It may have been written by hand, sent before Troupe kept provenance, or longer ago than the task log keeps (14 days).`}
      />
    );
  }
  const { task, exchange, planned } = provenance;
  return (
    <Stack gap="lg">
      <TaskFacts task={task} />
      {planned.length > 0 && <PlannedTasks planned={planned} tracedId={task.id} />}
      {exchange ? (
        <Block title="The exchange behind it">
          <ExchangeView exchange={exchange} />
        </Block>
      ) : (
        <Alert color="gray" variant="light" title="The exchange is no longer kept">
          {task.origin
            ? 'The prompt and reply of the turn that planned it are older than the retention set in Settings → Engine.'
            : 'No turn is recorded as having planned this task.'}
        </Alert>
      )}
    </Stack>
  );
}
