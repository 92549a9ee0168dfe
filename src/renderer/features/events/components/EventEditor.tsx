import { Alert, Button, Group, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { EventDraft } from '../../../../shared/api/events-contract';
import type { IntervalUnit } from '../../../../shared/domain/event-interval';
import { errorMessage } from '../../../api/errors';
import { checkEventForm, type EventForm, UNIT_OPTIONS } from '../model';

function withoutKeys<T extends object>(record: T, keys: readonly string[]): T {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key))) as T;
}

/**
 * One event's form, new or being edited: a draft until Save, which the runtime checks as it checks
 * the agent's own event tasks (a time in the past, an impossible repeat), its refusal shown here.
 */
export function EventEditor({
  initial,
  timeZone,
  isNew,
  onSave,
  onCancel,
}: {
  initial: EventForm;
  timeZone: string;
  isNew: boolean;
  onSave: (draft: EventDraft) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof EventForm, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // What was said about the values before (the runtime's refusal, a field's check) goes once they change.
  const change = (patch: Partial<EventForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setErrors((current) => withoutKeys(current, Object.keys(patch)));
    setRefusal(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkEventForm(form);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    setSaving(true);
    setRefusal(null);
    try {
      await onSave(checked.draft);
    } catch (error) {
      setRefusal(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label={isNew ? 'New event' : 'Edit event'}>
      <Stack gap="xs">
        <Textarea
          label="What the agent should do then"
          description="It is woken in this chat with these words; nobody in the chat sees them."
          autosize
          minRows={2}
          maxRows={8}
          value={form.intent}
          error={errors.intent}
          onChange={(event) => change({ intent: event.currentTarget.value })}
          data-autofocus
        />
        <TextInput
          type="datetime-local"
          label="When"
          description={`In the agent's time zone, ${timeZone}`}
          value={form.time}
          error={errors.time}
          onChange={(event) => change({ time: event.currentTarget.value })}
        />
        <Switch
          label="Repeat"
          checked={form.repeats}
          onChange={(event) => change({ repeats: event.currentTarget.checked })}
        />
        {form.repeats && (
          <Group gap="xs" align="flex-start" grow>
            <TextInput
              label="Every"
              inputMode="numeric"
              value={form.every}
              error={errors.every}
              onChange={(event) => change({ every: event.currentTarget.value })}
            />
            <Select
              label="Unit"
              data={UNIT_OPTIONS}
              value={form.unit}
              allowDeselect={false}
              onChange={(value) => change({ unit: (value as IntervalUnit | null) ?? form.unit })}
            />
            <TextInput
              label="Times in all"
              placeholder="no end"
              inputMode="numeric"
              value={form.occurrences}
              error={errors.occurrences}
              onChange={(event) => change({ occurrences: event.currentTarget.value })}
            />
          </Group>
        )}
        {refusal && (
          <Alert role="alert" color="red" variant="light" title="Not saved">
            <Text size="sm">{refusal}</Text>
          </Alert>
        )}
        <Group gap="xs" justify="flex-end">
          <Button variant="default" size="xs" disabled={saving} onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" size="xs" loading={saving}>
            {isNew ? 'Create event' : 'Save event'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
