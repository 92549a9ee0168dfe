import { Alert, Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconSparkles } from '@tabler/icons-react';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { pluralize } from '../../../ui/format';
import { RelativeTime } from '../../../ui/RelativeTime';
import { SafeMarkdown } from '../../../ui/SafeMarkdown';
import { type PersonRef, PROFILE_WORD_LIMIT, wordCount } from '../model';
import { memorySelectors } from '../selectors';
import { type ReflectResult, useMemoryStore } from '../store';
import { FormFooter } from './FormFooter';
import { LoadableBody } from './LoadableBody';
import { useApiForm } from './useApiForm';

function reflectionNotice(name: string, result: ReflectResult) {
  if (result.skipped) {
    return {
      color: 'yellow',
      title: `Nothing written about ${name}`,
      message: `Reflection skipped: ${result.skipped}.`,
    };
  }
  const parts = [
    result.profileUpdated ? 'the profile rewritten' : 'the profile unchanged',
    pluralize(result.facts, 'new fact'),
    pluralize(result.intentions, 'intention'),
  ];
  return { color: 'teal', title: `Reflected on ${name}`, message: `${parts.join(', ')}.` };
}

function ProfileEditor({ person, text, onDone }: { person: PersonRef; text: string; onDone: () => void }) {
  const { putProfile } = useMemoryStore(memorySelectors.actions);
  const form = useApiForm();
  const [draft, setDraft] = useState(text);
  const words = wordCount(draft);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(() => putProfile(person, draft), onDone);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Edit the profile">
      <Stack gap="xs">
        <Textarea
          aria-label="Profile"
          description="Markdown. Nightly reflection rewrites it from what it reads next."
          autosize
          minRows={8}
          maxRows={24}
          size="sm"
          value={draft}
          onChange={(event) => {
            setDraft(event.currentTarget.value);
            form.clear('text');
          }}
          error={form.errors.text}
          data-autofocus
        />
        <FormFooter
          form={form}
          saveLabel="Save profile"
          onCancel={onDone}
          start={
            <Text size="xs" c={words > PROFILE_WORD_LIMIT ? 'red' : 'dimmed'} aria-live="polite">
              {words} / {PROFILE_WORD_LIMIT} words
            </Text>
          }
        />
      </Stack>
    </form>
  );
}

/**
 * The narrative profile the agent keeps of a person ("How I see <name>"): written by nightly
 * reflection or an operator, shown as markdown, editable, and rewritten on demand by Reflect now.
 */
export function ProfileCard({ person, name }: { person: PersonRef; name: string }) {
  const select = useMemo(
    () => ({ profile: memorySelectors.profile(person), reflection: memorySelectors.reflection(person) }),
    [person],
  );
  const profile = useMemoryStore(select.profile);
  const reflection = useMemoryStore(select.reflection);
  const { loadProfile, reflectNow, follow } = useMemoryStore(memorySelectors.actions);
  const [editing, setEditing] = useState(false);
  const headingId = useId();

  useEffect(() => follow('profiles', person), [person, follow]);

  const reflect = async () => {
    const result = await reflectNow(person);
    if (result) notifications.show(reflectionNotice(name, result));
  };

  const value = profile.value;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={3} id={headingId} fz="sm" fw={650}>
          How I see {name}
        </Title>
        <Group gap={6} wrap="nowrap">
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconPencil size={12} aria-hidden />}
            onClick={() => setEditing(true)}
            disabled={editing || (profile.status !== 'ready' && value === null)}
          >
            {value === null ? 'Write' : 'Edit'}
          </Button>
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<IconSparkles size={12} aria-hidden />}
            loading={reflection.running}
            onClick={() => void reflect()}
          >
            Reflect now
          </Button>
        </Group>
      </Group>
      {reflection.running && (
        <Text size="xs" c="dimmed" role="status">
          Reflecting: the model reads the conversation with {name}; this can take a minute.
        </Text>
      )}
      {reflection.error && (
        <Alert role="alert" color="red" variant="light" p="xs" title="Reflection failed">
          {reflection.error}
        </Alert>
      )}
      <LoadableBody
        record={profile}
        isEmpty={value === null && !editing}
        what="profile"
        onRetry={() => void loadProfile(person)}
        empty={
          <Text size="sm" c="dimmed">
            No profile yet. Nightly reflection writes one after a day of conversation; Reflect now writes it
            at once, or write it yourself.
          </Text>
        }
      >
        {editing ? (
          <ProfileEditor person={person} text={value?.text ?? ''} onDone={() => setEditing(false)} />
        ) : (
          value && (
            <Stack gap="xs">
              <Text size="xs" c="dimmed">
                {value.writtenBy === 'operator' ? 'Written by an operator' : 'Written by reflection'},{' '}
                <RelativeTime iso={value.updatedAt} />
              </Text>
              <SafeMarkdown>{value.text}</SafeMarkdown>
            </Stack>
          )
        )}
      </LoadableBody>
    </Stack>
  );
}
