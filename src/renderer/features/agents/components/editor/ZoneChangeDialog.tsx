import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import {
  timedSummary,
  type ZoneChangeChoice,
  type ZoneChoiceNeeded,
} from '../../../../../shared/api/agent-zone-contract';

/** What would move or go, as the dialog names it: "the schedule and the events", "the event". */
function whatIsTimed({ activities, events }: Pick<ZoneChoiceNeeded, 'activities' | 'events'>): {
  things: string;
  pronoun: 'it' | 'them';
} {
  const eventWords = events === 1 ? 'the event' : 'the events';
  if (activities > 0 && events > 0) return { things: `the schedule and ${eventWords}`, pronoun: 'them' };
  if (activities > 0) return { things: 'the schedule', pronoun: activities === 1 ? 'it' : 'them' };
  return { things: eventWords, pronoun: events === 1 ? 'it' : 'them' };
}

/** What the operator chooses between, named as the runtime asked; `pending` is the choice being saved. */
export function ZoneChangeChoices({
  agentName,
  needed,
  pending,
  onChoose,
  onCancel,
}: {
  agentName: string;
  needed: ZoneChoiceNeeded;
  pending: ZoneChangeChoice | null;
  onChoose: (choice: ZoneChangeChoice) => void;
  onCancel: () => void;
}) {
  const { fromZone, toZone } = needed;
  const { things, pronoun } = whatIsTimed(needed);
  const deleteLabel = `Delete ${pronoun}`;
  return (
    <Stack gap="md">
      <Text size="sm">
        {agentName} has {timedSummary(needed)} timed in {fromZone}. With {agentName} moving to {toZone}, what
        becomes of {pronoun}?
      </Text>
      <List size="sm" spacing="xs">
        <List.Item>
          <b>Keep wall-clock times</b>: each stays at the same time on the clock in {toZone} (a 07:00 wake-up
          stays 07:00; repeating events keep their time of day).
        </List.Item>
        <List.Item>
          <b>{deleteLabel}</b>: {things} {pronoun === 'it' ? 'is' : 'are'} removed.
        </List.Item>
      </List>
      <Group justify="flex-end" gap="xs">
        <Button variant="subtle" color="gray" onClick={onCancel} disabled={pending !== null}>
          Cancel
        </Button>
        <Button
          variant="light"
          color="red"
          loading={pending === 'delete'}
          disabled={pending === 'keepWallClock'}
          onClick={() => onChoose('delete')}
        >
          {deleteLabel}
        </Button>
        <Button
          data-autofocus
          loading={pending === 'keepWallClock'}
          disabled={pending === 'delete'}
          onClick={() => onChoose('keepWallClock')}
        >
          Keep wall-clock times
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Asked when saving a new time zone the runtime refused until told what becomes of the agent's
 * schedule and events. Cancel (or Escape) closes it and leaves the form as edited, unsaved.
 */
export function ZoneChangeDialog({
  needed,
  onCancel,
  ...choices
}: {
  agentName: string;
  /** The runtime's refusal; null keeps the dialog closed. */
  needed: ZoneChoiceNeeded | null;
  pending: ZoneChangeChoice | null;
  onChoose: (choice: ZoneChangeChoice) => void;
  onCancel: () => void;
}) {
  const narrow = useMediaQuery('(max-width: 48em)');
  // The last refusal stays drawn while the dialog fades out.
  const [shown, setShown] = useState(needed);
  if (needed !== null && needed !== shown) setShown(needed);
  const busy = choices.pending !== null;
  return (
    <Modal
      opened={needed !== null}
      onClose={() => {
        if (!busy) onCancel();
      }}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
      title="The time zone changes"
      size="lg"
      fullScreen={narrow}
    >
      {shown && <ZoneChangeChoices needed={shown} onCancel={onCancel} {...choices} />}
    </Modal>
  );
}
