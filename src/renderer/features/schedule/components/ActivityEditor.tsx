import { Alert, Button, Group, NumberInput, Slider, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconArrowMergeAltRight, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import type { ScheduleActivity } from '../../../../shared/domain/schedule';
import { errorMessage, fieldErrors } from '../../../api/errors';
import { ConfirmAction } from '../../../ui/ConfirmAction';
import {
  type ActivityDraft,
  type ActivityForm,
  type ActivityFormErrors,
  checkActivityForm,
  formFieldOf,
} from '../model/activity-form';
import { responsivenessLook } from '../model/responsiveness';
import { activitySpan } from '../model/timeline';

/** What the editor can do to the schedule; each rejects with the runtime's refusal. */
export interface ActivityEditorActions {
  save: (draft: ActivityDraft) => Promise<unknown>;
  remove?: () => Promise<unknown>;
  /** Joins the activity right after into this one; absent when none starts as this one ends. */
  mergeNext?: { next: ScheduleActivity; run: () => Promise<unknown> };
}

/** The refusal's field messages on the form, and the rest as one sentence under it. */
function placeRefusal(error: unknown): { fields: ActivityFormErrors; rest: string | null } {
  const fields: ActivityFormErrors = {};
  for (const [path, message] of Object.entries(fieldErrors(error))) {
    const field = formFieldOf(path);
    if (field) fields[field] = message;
  }
  return { fields, rest: Object.keys(fields).length > 0 ? null : errorMessage(error) };
}

/**
 * One activity's form, new or existing: name, start and end on the agent's wall clock,
 * responsiveness (slider and number), description. Saving is at once; what overlaps is cut
 * around it by the runtime. A refusal shows at its field, the schedule left as it was.
 */
export function ActivityEditor({
  initial,
  timeZone,
  activityId,
  actions,
  onDone,
}: {
  initial: ActivityForm;
  timeZone: string;
  /** The activity edited; undefined for a new one. */
  activityId?: string;
  actions: ActivityEditorActions;
  onDone: () => void;
}) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<ActivityFormErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const change = (patch: Partial<ActivityForm>) => setForm((current) => ({ ...current, ...patch }));
  const isNew = activityId === undefined;
  const responsiveness = Number(form.responsiveness);
  const look = Number.isInteger(responsiveness)
    ? responsivenessLook(Math.min(100, Math.max(0, responsiveness)))
    : null;

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setRefusal(null);
    try {
      await action();
      onDone();
    } catch (error) {
      const placed = placeRefusal(error);
      setErrors(placed.fields);
      setRefusal(placed.rest);
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkActivityForm(form, timeZone, activityId);
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) void run(() => actions.save(checked.draft));
  };

  return (
    <form onSubmit={submit} aria-label={isNew ? 'New activity' : 'Edit activity'} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Name"
          placeholder="Asleep, Opening the shop, Lunch with friends"
          value={form.name}
          error={errors.name}
          onChange={(event) => change({ name: event.currentTarget.value })}
          data-autofocus
        />
        <Group grow align="flex-start" gap="sm">
          <TextInput
            type="datetime-local"
            label="Starts"
            value={form.start}
            error={errors.start}
            onChange={(event) => change({ start: event.currentTarget.value })}
          />
          <TextInput
            type="datetime-local"
            label="Ends"
            value={form.end}
            error={errors.end}
            onChange={(event) => change({ end: event.currentTarget.value })}
          />
        </Group>
        <Text size="xs" c="dimmed" mt={-6}>
          On the agent's clock, {timeZone}. Activities this one overlaps are cut around it.
        </Text>
        <Stack gap={4}>
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <NumberInput
              label="Responsiveness"
              min={0}
              max={100}
              step={5}
              clampBehavior="none"
              allowDecimal={false}
              w={130}
              value={form.responsiveness}
              error={errors.responsiveness ? true : undefined}
              onChange={(value) => change({ responsiveness: String(value) })}
            />
            <Text size="sm" c={look?.asleep ? 'indigo' : 'dimmed'} pb={8}>
              {look?.words ?? ''}
            </Text>
          </Group>
          {/* Inset so the end marks' labels stay inside the form. */}
          <Slider
            mx="lg"
            aria-label="Responsiveness slider"
            min={0}
            max={100}
            step={5}
            value={look ? Math.min(100, Math.max(0, responsiveness)) : 0}
            onChange={(value) => change({ responsiveness: String(value) })}
            marks={[
              { value: 0, label: 'Asleep' },
              { value: 50, label: '50' },
              { value: 100, label: 'At once' },
            ]}
            mb="md"
          />
          {errors.responsiveness && (
            <Text size="xs" c="red" role="alert">
              {errors.responsiveness}
            </Text>
          )}
        </Stack>
        <Textarea
          label="Description"
          description="What the agent is doing, as it will read it in its context."
          autosize
          minRows={2}
          maxRows={6}
          value={form.description}
          error={errors.description}
          onChange={(event) => change({ description: event.currentTarget.value })}
        />
        {refusal && (
          <Alert role="alert" color="red" variant="light" title="Not saved">
            <Text size="sm">{refusal}</Text>
          </Alert>
        )}
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            {actions.remove && (
              <ConfirmAction
                label="Delete activity"
                text="Delete"
                icon={<IconTrash size={14} aria-hidden />}
                question="Delete this activity? Its time becomes free."
                confirmLabel="Delete"
                onConfirm={() => run(actions.remove!)}
              />
            )}
            {actions.mergeNext && (
              <Button
                variant="default"
                size="xs"
                // Its words name the neighbour and its times, so on a phone they wrap rather than clip.
                h="auto"
                mih={30}
                py={4}
                maw="100%"
                styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                disabled={busy}
                leftSection={<IconArrowMergeAltRight size={14} aria-hidden />}
                onClick={() => void run(actions.mergeNext!.run)}
              >
                Merge with the next, “{actions.mergeNext.next.name}”{' '}
                {activitySpan(actions.mergeNext.next, timeZone)}
              </Button>
            )}
          </Group>
          <Group gap="xs">
            <Button variant="default" size="xs" disabled={busy} onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" size="xs" loading={busy}>
              {isNew ? 'Add activity' : 'Save activity'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
