import {
  ActionIcon,
  Alert,
  Button,
  type ButtonProps,
  Group,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useId, useState } from 'react';
import { useLocation } from 'wouter';
import { errorMessage, fieldErrors } from '../../../api/errors';
import { conversationSelectors } from '../../conversations/selectors';
import { useConversationStore } from '../../conversations/store';
import { playgroundPath } from '../paths';

type PersonDraft = { key: number; firstName: string; lastName: string; username: string };
type ChatKindChoice = 'direct' | 'group';

let nextKey = 1;
const blankPerson = (): PersonDraft => ({ key: nextKey++, firstName: '', lastName: '', username: '' });

function PersonFields({
  index,
  person,
  errors,
  onChange,
  onRemove,
}: {
  index: number;
  person: PersonDraft;
  errors: Record<string, string>;
  onChange: (person: PersonDraft) => void;
  onRemove: (() => void) | null;
}) {
  const headingId = useId();
  const error = (field: string) => errors[`people.${index}.${field}`];
  return (
    <fieldset aria-labelledby={headingId} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <Group justify="space-between" mb={4}>
        <Text id={headingId} size="xs" fw={650} c="dimmed" tt="uppercase" lts={0.4}>
          Person {index + 1}
        </Text>
        {onRemove && (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={`Remove person ${index + 1}`}
            onClick={onRemove}
          >
            <IconTrash size={14} aria-hidden />
          </ActionIcon>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
        <TextInput
          label="First name"
          withAsterisk
          value={person.firstName}
          onChange={(event) => onChange({ ...person, firstName: event.currentTarget.value })}
          error={error('firstName')}
          autoComplete="off"
          data-autofocus={index === 0 || undefined}
        />
        <TextInput
          label="Last name"
          value={person.lastName}
          onChange={(event) => onChange({ ...person, lastName: event.currentTarget.value })}
          error={error('lastName')}
          autoComplete="off"
        />
        <TextInput
          label="Username"
          leftSection="@"
          placeholder="optional"
          value={person.username}
          onChange={(event) => onChange({ ...person, username: event.currentTarget.value.replace(/^@/, '') })}
          error={error('username')}
          autoComplete="off"
          spellCheck={false}
        />
      </SimpleGrid>
    </fieldset>
  );
}

function NewChatForm({ onDone }: { onDone: () => void }) {
  const { createChat } = useConversationStore(conversationSelectors.actions);
  const agent = useConversationStore(conversationSelectors.agent);
  const [, navigate] = useLocation();
  const [kind, setKind] = useState<ChatKindChoice>('direct');
  const [title, setTitle] = useState('');
  const [people, setPeople] = useState<PersonDraft[]>(() => [blankPerson()]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const visiblePeople = kind === 'direct' ? people.slice(0, 1) : people;

  const changeKind = (value: ChatKindChoice) => {
    setKind(value);
    setErrors({});
    if (value === 'group' && people.length < 2) setPeople([...people, blankPerson()]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setErrors({});
    setFormError(null);
    try {
      const { chat } = await createChat({
        kind,
        title: kind === 'group' && title.trim() !== '' ? title.trim() : undefined,
        people: visiblePeople.map((person) => ({
          firstName: person.firstName.trim(),
          lastName: person.lastName.trim() || undefined,
          username: person.username.trim() || undefined,
        })),
      });
      onDone();
      if (agent) navigate(playgroundPath(agent, chat.channelId));
    } catch (error) {
      const byField = fieldErrors(error);
      setErrors(byField);
      const located = Object.keys(byField).some((path) => path.startsWith('people.') || path === 'title');
      if (!located) setFormError(byField.people ?? errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <SegmentedControl
          fullWidth
          value={kind}
          onChange={(value) => changeKind(value as ChatKindChoice)}
          data={[
            { value: 'direct', label: 'Direct chat' },
            { value: 'group', label: 'Group' },
          ]}
          aria-label="Kind of chat"
        />
        <Text size="sm" c="dimmed">
          {kind === 'direct'
            ? 'A private chat between the agent and one simulated person.'
            : 'A group with the agent and several simulated people. By default the agent answers when mentioned or replied to.'}
        </Text>
        {kind === 'group' && (
          <TextInput
            label="Group title"
            placeholder="Defaults to the people's names"
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            error={errors.title}
            autoComplete="off"
          />
        )}
        <Stack gap="md">
          {visiblePeople.map((person, index) => (
            <PersonFields
              key={person.key}
              index={index}
              person={person}
              errors={errors}
              onChange={(next) => setPeople(people.map((item) => (item.key === person.key ? next : item)))}
              onRemove={
                kind === 'group' && visiblePeople.length > 1
                  ? () => setPeople(people.filter((item) => item.key !== person.key))
                  : null
              }
            />
          ))}
        </Stack>
        {kind === 'group' && (
          <Button
            variant="subtle"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setPeople([...people, blankPerson()])}
            disabled={people.length >= 50}
            w="fit-content"
          >
            Add a person
          </Button>
        )}
        {formError && (
          <Alert role="alert" color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
            {formError}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Create chat
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "New chat" and its dialog: a direct chat with one person, or a group with several. */
export function NewChatButton(props: ButtonProps) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="light" {...props} onClick={open}>
        New chat
      </Button>
      <Modal opened={opened} onClose={close} title="New Simulator chat" size="lg" centered>
        {opened && <NewChatForm onDone={close} />}
      </Modal>
    </>
  );
}
