import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/errors';
import { RelativeTime } from '../../../ui/RelativeTime';
import { scheduleSelectors } from '../selectors';
import { type ExtendOutcome, useScheduleStore } from '../store';

type Run =
  | { state: 'running' }
  | { state: 'done'; outcome: ExtendOutcome }
  | { state: 'failed'; error: string };

/** "Planned 6 activities", or that it planned nothing new. */
function writtenWords(written: number): string {
  if (written === 0) return 'The model added no activities: the next days were already planned.';
  return `The model planned ${written} ${written === 1 ? 'activity' : 'activities'}.`;
}

/**
 * Extend now: the agent's model plans its next days at once (an LLM call, so it takes a while),
 * then says what it added and what it could not, or why it failed. When it last did is beside it.
 */
export function useExtendNow(agent: string) {
  const { extend } = useScheduleStore(scheduleSelectors.actions);
  const [run, setRun] = useState<Run | null>(null);
  const start = async () => {
    setRun({ state: 'running' });
    try {
      setRun({ state: 'done', outcome: await extend(agent) });
    } catch (error) {
      setRun({ state: 'failed', error: errorMessage(error) });
    }
  };
  return { run, start, dismiss: () => setRun(null) };
}

export function ExtendNowButton({
  running,
  lastExtendedAt,
  onStart,
}: {
  running: boolean;
  lastExtendedAt: string | null;
  onStart: () => void;
}) {
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        size="xs"
        variant="light"
        leftSection={<IconSparkles size={14} aria-hidden />}
        loading={running}
        onClick={onStart}
        title="Have the agent's model plan its next days from its Daily Schedule now"
      >
        Extend now
      </Button>
      <Text size="xs" c="dimmed" visibleFrom="sm">
        {lastExtendedAt ? (
          <>
            Extended <RelativeTime iso={lastExtendedAt} />
          </>
        ) : (
          'Never extended'
        )}
      </Text>
    </Group>
  );
}

/** What the last Extend now came to, or that it is under way. */
export function ExtendNowOutcome({ run, onDismiss }: { run: Run | null; onDismiss: () => void }) {
  if (!run) return null;
  if (run.state === 'running')
    return (
      <Alert color="blue" variant="light" role="status" title="Planning the next days…">
        <Text size="sm">The agent's model is planning from its Daily Schedule; this can take a minute.</Text>
      </Alert>
    );
  if (run.state === 'failed')
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        title="The schedule was not extended"
        withCloseButton
        onClose={onDismiss}
      >
        <Text size="sm">{run.error}</Text>
      </Alert>
    );
  const { written, refused } = run.outcome;
  return (
    <Alert
      color={refused.length > 0 ? 'yellow' : 'teal'}
      variant="light"
      role="status"
      title="Schedule extended"
      withCloseButton
      onClose={onDismiss}
    >
      <Stack gap={4}>
        <Text size="sm">{writtenWords(written)}</Text>
        {refused.length > 0 && (
          <>
            <Text size="sm">Not taken:</Text>
            <List size="sm">
              {refused.map((reason) => (
                <List.Item key={reason}>{reason}</List.Item>
              ))}
            </List>
          </>
        )}
      </Stack>
    </Alert>
  );
}
