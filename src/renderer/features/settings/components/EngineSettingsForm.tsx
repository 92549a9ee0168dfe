import { Alert, Button, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useId } from 'react';
import { DEFAULT_ENGINE_SETTINGS, type EngineSettings } from '../../../../shared/domain/settings';
import { DraftFormFooter } from '../../../ui/DraftFormActions';
import { settingsSelectors } from '../selectors';
import { useSettingsStore } from '../store';
import { useDraftSave } from './useDraftSave';

type NumberField = Exclude<keyof EngineSettings, 'defaultAgentLlm'>;

type FieldSpec = {
  field: NumberField;
  label: string;
  description: string;
  suffix?: string;
  min: number;
  max: number;
  step?: number;
  integer?: boolean;
};

const PACING: FieldSpec[] = [
  {
    field: 'startTypingDelaySeconds',
    label: 'Start typing delay',
    description: 'Pause before the agent starts typing a message.',
    suffix: ' s',
    min: 0,
    max: 3600,
    step: 0.5,
  },
  {
    field: 'typingSpeed',
    label: 'Typing speed',
    description: 'Characters per second, up to 1000; 1000 means no typing time.',
    suffix: ' chars/s',
    min: 1,
    max: 1000,
  },
  {
    field: 'stickerDelaySeconds',
    label: 'Sticker delay',
    description: 'Pause before sending a sticker, as if choosing it.',
    suffix: ' s',
    min: 0,
    max: 600,
    step: 0.5,
  },
];

const LIMITS: FieldSpec[] = [
  {
    field: 'llmConcurrency',
    label: 'LLM concurrency',
    description: 'LLM calls in flight at once, across all conversations.',
    min: 1,
    max: 64,
    integer: true,
  },
  {
    field: 'sendsPerMinute',
    label: 'Sends per minute',
    description: 'Outbound messages per minute for each account.',
    min: 1,
    max: 600,
    integer: true,
  },
  {
    field: 'maxMessagesPerReply',
    label: 'Messages per reply',
    description: 'Messages one reply may post; the rest of it fails.',
    min: 1,
    max: 200,
    integer: true,
  },
  {
    field: 'maxRetries',
    label: 'Retries',
    description: 'How often a failing task is retried before it fails for good.',
    min: 0,
    max: 100,
    integer: true,
  },
  {
    field: 'retryIntervalSeconds',
    label: 'Retry interval',
    description: 'Pause between two attempts of a failing task.',
    suffix: ' s',
    min: 1,
    max: 3600,
  },
  {
    field: 'scanIntervalSeconds',
    label: 'Unread scan interval',
    description: 'How often each agent looks for unread chats it may have missed.',
    suffix: ' s',
    min: 10,
    max: 3600,
  },
  {
    field: 'exchangeRetentionDays',
    label: 'Exchanges kept',
    description:
      'Days every LLM exchange is kept, to see why an agent said something (each chat’s last one stays).',
    suffix: ' days',
    min: 1,
    max: 3650,
    integer: true,
  },
  {
    field: 'exchangesKeptPerAgent',
    label: 'Exchanges per agent',
    description: 'At most this many kept per agent, the newest.',
    min: 100,
    max: 1_000_000,
    integer: true,
  },
];

const HISTORY: FieldSpec[] = [
  {
    field: 'historyShown',
    label: 'Messages shown',
    description: 'Recent messages the model reads each turn.',
    min: 1,
    max: 500,
    integer: true,
  },
  {
    field: 'historyFetchDirect',
    label: 'Fetched in direct chats',
    description: 'Recent messages loaded per turn; never fewer than shown.',
    min: 1,
    max: 1000,
    integer: true,
  },
  {
    field: 'historyFetchGroup',
    label: 'Fetched in groups',
    description: 'The same for groups and channels.',
    min: 1,
    max: 1000,
    integer: true,
  },
];

type Draft = { [K in keyof EngineSettings]: K extends 'defaultAgentLlm' ? string : number | string };

function toDraft(engine: EngineSettings): Draft {
  return { ...engine };
}

/** Whether every field shows its default, so Restore defaults would change nothing. */
function showsDefaults(value: Draft): boolean {
  return (Object.keys(DEFAULT_ENGINE_SETTINGS) as Array<keyof EngineSettings>).every(
    (key) => value[key] === DEFAULT_ENGINE_SETTINGS[key],
  );
}

/** The fields of the draft that differ from the saved values. */
function changes(draft: Draft, saved: EngineSettings): Partial<Record<keyof EngineSettings, unknown>> {
  const patch: Partial<Record<keyof EngineSettings, unknown>> = {};
  for (const key of Object.keys(saved) as Array<keyof EngineSettings>) {
    if (draft[key] !== saved[key]) patch[key] = draft[key];
  }
  return patch;
}

/** Number fields left empty: the API would only say "expected number". */
function emptyNumbers(draft: Draft): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const spec of [...PACING, ...LIMITS, ...HISTORY]) {
    if (typeof draft[spec.field] === 'string') errors[`engine.${spec.field}`] = 'Enter a number.';
  }
  return errors;
}

function SubSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} id={headingId} fz="sm" fw={650} mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}

/**
 * The engine's global parameters, edited as one form: the API validates the whole patch and its
 * messages land under their fields. Changes apply live to every agent.
 */
export function EngineSettingsForm({ engine }: { engine: EngineSettings }) {
  const { updateSettings } = useSettingsStore(settingsSelectors.actions);
  const form = useDraftSave<Draft>('engine.');
  const { draft, errors } = form;
  const value = draft ?? toDraft(engine);
  const patch = draft ? changes(draft, engine) : {};
  const dirty = Object.keys(patch).length > 0;

  const edit = <K extends keyof EngineSettings>(key: K, next: Draft[K]) =>
    form.edit({ ...value, [key]: next }, `engine.${key}`);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!dirty || form.saving) return;
    const missing = emptyNumbers(value);
    if (Object.keys(missing).length > 0) form.invalid(missing);
    else
      void form.save(() => updateSettings({ engine: patch as Partial<EngineSettings> }), {
        title: 'Engine settings saved',
        message: 'They apply from now on.',
      });
  };

  const numberInput = (spec: FieldSpec) => (
    <NumberInput
      key={spec.field}
      label={spec.label}
      description={spec.description}
      value={value[spec.field]}
      onChange={(next) => edit(spec.field, next)}
      min={spec.min}
      max={spec.max}
      step={spec.step ?? 1}
      allowDecimal={!spec.integer}
      suffix={spec.suffix}
      error={errors[`engine.${spec.field}`]}
      clampBehavior="none"
      hideControls
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Engine settings">
      <Stack gap="lg">
        <TextInput
          label="Default agent LLM"
          description="The model of agents whose file names none: a model such as gemini-2.5-flash, or a provider such as gemini."
          value={value.defaultAgentLlm}
          onChange={(event) => edit('defaultAgentLlm', event.currentTarget.value)}
          error={errors['engine.defaultAgentLlm']}
          spellCheck={false}
          autoComplete="off"
          maw={420}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <SubSection title="Human pacing">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" verticalSpacing="md">
            {PACING.map(numberInput)}
          </SimpleGrid>
          <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />} mt="md" py={8}>
            <Text size="sm">
              An agent file may set its own <strong>Start Typing Delay</strong> and{' '}
              <strong>Typing Speed</strong>; those agents keep theirs.
            </Text>
          </Alert>
        </SubSection>
        <SubSection title="Limits and retries">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg" verticalSpacing="md">
            {LIMITS.map(numberInput)}
          </SimpleGrid>
        </SubSection>
        <SubSection title="Conversation history">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" verticalSpacing="md">
            {HISTORY.map(numberInput)}
          </SimpleGrid>
        </SubSection>
        <DraftFormFooter
          form={form}
          dirty={dirty}
          saveLabel="Save engine settings"
          extra={
            <Button
              variant="subtle"
              color="gray"
              disabled={showsDefaults(value) || form.saving}
              // The defaults fill the form as any edit would: nothing changes until Save.
              onClick={() => form.edit(toDraft(DEFAULT_ENGINE_SETTINGS))}
            >
              Restore defaults
            </Button>
          }
        />
      </Stack>
    </form>
  );
}
