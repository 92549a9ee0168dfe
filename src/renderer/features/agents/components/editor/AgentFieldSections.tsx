import {
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { ChangeEvent } from 'react';
import { Section } from '../../../../ui/Section';
import { agentEditFieldId } from '../../paths';
import type { AgentForm } from './agent-form';
import { ModelField } from './ModelField';

const TIME_ZONES = Intl.supportedValuesOf('timeZone');

type TextField = 'name' | 'phone' | 'dailySchedule' | 'instructions';
type FlagField = 'resetContextOnFirstMessage' | 'clearSummariesOnFirstMessage' | 'gagged' | 'disabled';

export type AgentFormErrors = Partial<Record<keyof AgentForm, string>>;

/**
 * Every field of an agent file Troupe manages, in sections, with each field's error under it:
 * the agent editor's form and the New agent form. A new agent starts disabled, so its form says
 * so instead of offering the switch.
 */
export function AgentFieldSections({
  form,
  errors,
  onChange,
  newAgent = false,
}: {
  form: AgentForm;
  errors: AgentFormErrors;
  onChange: <K extends keyof AgentForm>(field: K, value: AgentForm[K]) => void;
  newAgent?: boolean;
}) {
  /** What an input needs of a field: its value, its error and how it changes. */
  const field = <K extends keyof AgentForm>(name: K) => ({
    value: form[name],
    error: errors[name],
    onChange: (value: AgentForm[K]) => onChange(name, value),
  });
  const text = (name: TextField) => ({
    value: form[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange(name, event.currentTarget.value),
  });
  const flag = (name: FlagField) => ({
    checked: form[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(name, event.currentTarget.checked),
  });

  return (
    <>
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
          <Textarea
            id={agentEditFieldId('daily-schedule')}
            label="Daily schedule"
            description="The agent's routine in words; it plans its activities (the Schedule tab) from it"
            autosize
            minRows={2}
            {...text('dailySchedule')}
          />
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
          {newAgent ? (
            <Switch
              label="Disabled"
              description="A new agent starts disabled; enable it from its page once it is ready"
              checked
              disabled
            />
          ) : (
            <Switch
              label="Disabled"
              description="Its Telegram account stays disconnected"
              {...flag('disabled')}
            />
          )}
        </Stack>
      </Section>
    </>
  );
}
