import {
  Alert,
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ChangeEvent, type FormEvent, useMemo, useState } from 'react';
import type { AgentDetail } from '../../../../../shared/api/contract';
import { ApiError } from '../../../../../shared/api/errors';
import { errorMessage, fieldErrors } from '../../../../api/errors';
import { Section } from '../../../../ui/Section';
import { useAgentsStore } from '../../store';
import { type AgentForm, changesOf, formErrors, formOf } from './agent-form';
import { ModelField } from './ModelField';

const TIME_ZONES = Intl.supportedValuesOf('timeZone');

type TextField = 'name' | 'phone' | 'dailySchedule' | 'instructions';
type FlagField = 'resetContextOnFirstMessage' | 'clearSummariesOnFirstMessage' | 'gagged' | 'disabled';

/**
 * The agent's file as a form: every field Troupe manages, saved to the file (only the changed
 * sections; the rest stays as written) against the version editing began with, so an edit made
 * in a text editor meanwhile is never overwritten: the page says so and offers to reload.
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
  const [errors, setErrors] = useState<Partial<Record<keyof AgentForm, string>>>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const changes = useMemo(() => changesOf(config, form), [config, form]);
  const dirty = Object.keys(changes).length > 0;
  const set = <K extends keyof AgentForm>(field: K, value: AgentForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** What an input needs of a field: its value, its error and how it changes. */
  const field = <K extends keyof AgentForm>(name: K) => ({
    value: form[name],
    error: errors[name],
    onChange: (value: AgentForm[K]) => set(name, value),
  });
  const text = (name: TextField) => ({
    value: form[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(name, event.currentTarget.value),
  });
  const flag = (name: FlagField) => ({
    checked: form[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(name, event.currentTarget.checked),
  });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!dirty) return;
    setSaving(true);
    setConflict(null);
    try {
      await updateAgent(config.configName, base.fileVersion, changes);
      notifications.show({ color: 'teal', title: 'Saved', message: `Written to ${config.configName}.md.` });
      onDone();
    } catch (error) {
      const issues = fieldErrors(error);
      if (Object.keys(issues).length > 0) setErrors(formErrors(issues));
      else if (error instanceof ApiError && error.code === 'conflict') setConflict(error.message);
      else notifications.show({ color: 'red', title: 'Not saved', message: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  };
  const changedOnDisk =
    conflict ??
    (detail.fileVersion !== base.fileVersion
      ? `${config.configName}.md changed on disk since you started editing; saving would be refused.`
      : null);

  return (
    <Stack
      component="form"
      gap="lg"
      onSubmit={(event) => void save(event)}
      aria-label={`Edit ${config.name}`}
    >
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
      <Section title="Identity">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Name" required {...text('name')} />
          <TextInput label="Phone" required {...text('phone')} />
          <Select
            label="Time zone"
            description="Empty: the server's"
            placeholder="The server's"
            searchable
            clearable
            data={TIME_ZONES}
            {...field('timezone')}
          />
        </SimpleGrid>
      </Section>
      <Section title="Models">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <ModelField label="LLM" description="Empty: the default in Settings → Engine" {...field('llm')} />
          <ModelField
            label="Memory LLM"
            description="Summaries, facts and reflection; empty: the conversation's"
            {...field('memoryLlm')}
          />
        </SimpleGrid>
      </Section>
      <Section title="Persona">
        <Stack gap="md">
          <TagsInput
            label="Role prompts"
            description="In the order they are added to the prompt"
            {...field('rolePrompts')}
          />
          <TagsInput
            label="Sticker sets"
            description="Telegram sticker set names"
            {...field('stickerSets')}
          />
          <Textarea label="Daily schedule" autosize minRows={2} {...text('dailySchedule')} />
          <Textarea
            label="Instructions"
            required
            autosize
            minRows={6}
            maxRows={30}
            {...text('instructions')}
          />
        </Stack>
      </Section>
      <Section title="Behaviour">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NumberInput
              label="Start typing delay (s)"
              description="1 to 3600; empty: Settings → Engine"
              min={1}
              max={3600}
              {...field('startTypingDelay')}
            />
            <NumberInput
              label="Typing speed (characters/s)"
              description="1 to 1000; empty: Settings → Engine"
              min={1}
              max={1000}
              {...field('typingSpeed')}
            />
          </SimpleGrid>
          <Switch label="Reset context on first message" {...flag('resetContextOnFirstMessage')} />
          <Switch label="Clear summaries on first message" {...flag('clearSummariesOnFirstMessage')} />
          <Switch
            label="Gagged"
            description="Answers nothing unless woken by an intent"
            {...flag('gagged')}
          />
          <Switch
            label="Disabled"
            description="Its Telegram account stays disconnected"
            {...flag('disabled')}
          />
        </Stack>
      </Section>
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
