import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlarm, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { ConversationRef } from '../../../../shared/api/conversation-contract';
import type { EventsList, ScheduledEventView } from '../../../../shared/api/events-contract';
import { ConfirmAction } from '../../../ui/ConfirmAction';
import { IconAction } from '../../../ui/IconAction';
import { EmptyBlock, ErrorState, LoadingState } from '../../../ui/states';
import { dueWords, type EventForm, eventForm, eventName, newEventForm, repeatWords } from '../model';
import { eventsKey, useEventsStore } from '../store';
import { EventEditor } from './EventEditor';

type Editing = { id: string | null; form: EventForm };

/**
 * The Events tab of a conversation's inspector: the reminders that will wake the agent here,
 * soonest first with their times in the agent's zone, and the operator's create (a draft until
 * saved), edit and delete. Follows the engine live: a fired event moves on or goes.
 */
export function EventsPanel({ conversation }: { conversation: ConversationRef }) {
  const actions = useEventsStore((state) => state.actions);
  const entry = useEventsStore((state) => state.conversations[eventsKey(conversation)]);
  const [editing, setEditing] = useState<Editing | null>(null);
  useEffect(() => actions.follow(conversation), [actions, conversation]);

  if (!entry?.value) {
    if (entry?.status === 'error')
      return (
        <ErrorState
          title="The events could not be loaded"
          message={entry.error ?? ''}
          onRetry={() => void actions.load(conversation)}
        />
      );
    return <LoadingState label="Loading events…" minHeight={160} />;
  }
  const list = entry.value;
  const save = async (id: string | null, draft: Parameters<typeof actions.save>[2]) => {
    await actions.save(conversation, id, draft);
    setEditing(null);
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed">
          Times in {list.timeZone}
        </Text>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          disabled={editing !== null}
          onClick={() => setEditing({ id: null, form: newEventForm(new Date(), list.timeZone) })}
        >
          New event
        </Button>
      </Group>
      {editing?.id === null && (
        <Paper withBorder p="sm" radius="md">
          <EventEditor
            initial={editing.form}
            timeZone={list.timeZone}
            isNew
            onSave={(draft) => save(null, draft)}
            onCancel={() => setEditing(null)}
          />
        </Paper>
      )}
      {list.events.length === 0 && editing === null && (
        <EmptyBlock
          icon={<IconAlarm aria-hidden />}
          title="No events"
          description="Reminders the agent sets itself with the event task, or you set here, wake it in this chat with their instruction when they come due."
        />
      )}
      {list.events.map((event) =>
        editing?.id === event.id ? (
          <Paper key={event.id} withBorder p="sm" radius="md">
            <EventEditor
              initial={editing.form}
              timeZone={list.timeZone}
              isNew={false}
              onSave={(draft) => save(event.id, draft)}
              onCancel={() => setEditing(null)}
            />
          </Paper>
        ) : (
          <EventCard
            key={event.id}
            event={event}
            list={list}
            onEdit={() => setEditing({ id: event.id, form: eventForm(event) })}
            // Gone already (fired, or deleted elsewhere): the list as it is now says so.
            onDelete={() => actions.remove(conversation, event.id).catch(() => actions.load(conversation))}
          />
        ),
      )}
    </Stack>
  );
}

function EventCard({
  event,
  list,
  onEdit,
  onDelete,
}: {
  event: ScheduledEventView;
  list: EventsList;
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
}) {
  const name = eventName(event, list.timeZone);
  return (
    <Paper withBorder p="sm" radius="md" aria-label={`Event ${name}`} component="article">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {dueWords(event, list.timeZone)}
          </Text>
          <Text size="xs" c="dimmed">
            {repeatWords(event)}
            {event.firedCount > 0 ? ` · fired ${event.firedCount}×` : ''}
          </Text>
        </Stack>
        <Group gap={2} wrap="nowrap">
          <IconAction
            label={`Edit event ${name}`}
            tooltip="Edit"
            icon={<IconPencil size={15} />}
            onClick={onEdit}
          />
          <ConfirmAction
            label={`Delete event ${name}`}
            icon={<IconTrash size={15} />}
            question="Delete this event? The agent will not be reminded."
            confirmLabel="Delete"
            onConfirm={onDelete}
          />
        </Group>
      </Group>
      <Text size="sm" mt={6} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {event.intent}
      </Text>
    </Paper>
  );
}
