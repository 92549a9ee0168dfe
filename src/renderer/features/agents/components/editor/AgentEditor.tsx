import { Alert, Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useMemo, useState } from 'react';
import {
  type ZoneChangeChoice,
  type ZoneChoiceNeeded,
  zoneChoiceNeeded,
} from '../../../../../shared/api/agent-zone-contract';
import type { AgentDetail } from '../../../../../shared/api/contract';
import { ApiError } from '../../../../../shared/api/errors';
import { errorMessage, fieldErrors } from '../../../../api/errors';
import { useAgentsStore } from '../../store';
import { AgentFieldSections, type AgentFormErrors } from './AgentFieldSections';
import { type AgentForm, changesOf, formErrors, formOf } from './agent-form';
import { ZoneChangeDialog } from './ZoneChangeDialog';

const ZONE_CHANGE_DONE: Record<ZoneChangeChoice, string> = {
  keepWallClock: 'The schedule and events kept their wall-clock times.',
  delete: 'The schedule and events were deleted.',
};

/**
 * The agent's file as a form: every field Troupe manages, saved to the file (only the changed
 * sections; the rest stays as written) against the version editing began with, so an edit made
 * in a text editor meanwhile is never overwritten: the page says so and offers to reload. A new
 * time zone for an agent with a schedule or events asks first whether they keep their wall-clock
 * times or go (ZoneChangeDialog).
 */
export function AgentEditor({
  detail,
  onDone,
  onReload,
}: {
  detail: AgentDetail;
  onDone: () => void;
  /** Starts the editor again from the file as it is now; what was typed is dropped. */
  onReload: () => Promise<void>;
}) {
  const { updateAgent } = useAgentsStore((state) => state.actions);
  // The file as editing began: changes are made against it, whatever the watcher reloads meanwhile.
  const [base] = useState(() => ({ config: detail.config, fileVersion: detail.fileVersion }));
  const { config } = base;
  const [form, setForm] = useState<AgentForm>(() => formOf(config));
  const [errors, setErrors] = useState<AgentFormErrors>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  /** The runtime's question about the agent's schedule and events, while the dialog asks it. */
  const [zoneChoice, setZoneChoice] = useState<ZoneChoiceNeeded | null>(null);
  const [pendingChoice, setPendingChoice] = useState<ZoneChangeChoice | null>(null);
  const changes = useMemo(() => changesOf(config, form), [config, form]);
  const dirty = Object.keys(changes).length > 0;
  const set = <K extends keyof AgentForm>(field: K, value: AgentForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** Writes the changes; a new time zone the runtime will not take without a choice opens the dialog. */
  const write = async (zoneChange?: ZoneChangeChoice) => {
    setSaving(true);
    setPendingChoice(zoneChange ?? null);
    setConflict(null);
    try {
      await updateAgent(config.configName, base.fileVersion, changes, zoneChange);
      setZoneChoice(null);
      const times = zoneChange ? ` ${ZONE_CHANGE_DONE[zoneChange]}` : '';
      notifications.show({
        color: 'teal',
        title: 'Saved',
        message: `Written to ${config.configName}.md.${times}`,
      });
      onDone();
    } catch (error) {
      const needed = zoneChoiceNeeded(error);
      setZoneChoice(needed);
      if (needed) return;
      const issues = fieldErrors(error);
      if (Object.keys(issues).length > 0) setErrors(formErrors(issues));
      else if (error instanceof ApiError && error.code === 'conflict') setConflict(error.message);
      else notifications.show({ color: 'red', title: 'Not saved', message: errorMessage(error) });
    } finally {
      setSaving(false);
      setPendingChoice(null);
    }
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (dirty) void write();
  };
  const changedOnDisk =
    conflict ??
    (detail.fileVersion !== base.fileVersion
      ? `${config.configName}.md changed on disk since you started editing; saving would be refused.`
      : null);

  return (
    <Stack component="form" gap="lg" onSubmit={save} aria-label={`Edit ${config.name}`}>
      {changedOnDisk && (
        <Alert color="orange" title="The file changed on disk" role="alert">
          <Group justify="space-between" gap="sm">
            {changedOnDisk}
            <Button size="xs" variant="light" color="orange" onClick={() => void onReload()}>
              Reload the agent
            </Button>
          </Group>
        </Alert>
      )}
      <AgentFieldSections form={form} errors={errors} onChange={set} />
      <ZoneChangeDialog
        agentName={form.name.trim() || config.name}
        needed={zoneChoice}
        pending={pendingChoice}
        onChoose={(choice) => void write(choice)}
        onCancel={() => setZoneChoice(null)}
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="subtle" color="gray" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" loading={saving} disabled={!dirty}>
          Save to {config.configName}.md
        </Button>
      </Group>
    </Stack>
  );
}
