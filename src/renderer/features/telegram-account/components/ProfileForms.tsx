import {
  Alert,
  Box,
  Button,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { type CSSProperties, type FormEvent, useState } from 'react';
import { MAX_NAME_LENGTH, type OwnProfile } from '../../../../shared/api/telegram-account-contract';
import {
  type BirthdayDraft,
  bioHint,
  birthdayDraft,
  FIRST_BIRTH_YEAR,
  MONTHS,
  parseBirthday,
} from '../model';
import { telegramAccountSelectors } from '../selectors';
import { useTelegramAccountStore } from '../store';
import { useAccountAction } from './use-account-action';

function FormFooter({
  busy,
  done,
  error,
  label,
}: {
  busy: boolean;
  done: boolean;
  error: string | null;
  label: string;
}) {
  return (
    <Stack gap="xs">
      {error && (
        <Alert color="orange" variant="light" role="alert">
          {error}
        </Alert>
      )}
      <Group gap="sm">
        <Button type="submit" loading={busy}>
          {label}
        </Button>
        {done && (
          <Text size="sm" c="teal" role="status">
            <IconCheck size={14} aria-hidden /> Saved on Telegram
          </Text>
        )}
      </Group>
    </Stack>
  );
}

/** First and last name and bio, saved together (account.updateProfile). */
export function NamesForm({ configName, profile }: { configName: string; profile: OwnProfile }) {
  const { updateProfile } = useTelegramAccountStore(telegramAccountSelectors.actions);
  const [draft, setDraft] = useState({
    firstName: profile.firstName,
    lastName: profile.lastName,
    bio: profile.bio,
  });
  const action = useAccountAction();
  const edit = (change: Partial<typeof draft>) => {
    setDraft({ ...draft, ...change });
    action.edited();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(() => updateProfile(configName, draft));
  };
  const over = [...draft.bio].length > profile.bioLimit;
  return (
    <form onSubmit={submit} aria-label="Name and bio">
      <Stack gap="sm">
        <Group grow align="flex-start">
          <TextInput
            label="First name"
            required
            maxLength={MAX_NAME_LENGTH}
            value={draft.firstName}
            error={action.fields.firstName}
            onChange={(event) => edit({ firstName: event.currentTarget.value })}
          />
          <TextInput
            label="Last name"
            maxLength={MAX_NAME_LENGTH}
            value={draft.lastName}
            error={action.fields.lastName}
            onChange={(event) => edit({ lastName: event.currentTarget.value })}
          />
        </Group>
        <Textarea
          label="Bio"
          autosize
          minRows={2}
          value={draft.bio}
          description={bioHint(draft.bio, profile)}
          error={
            action.fields.bio ?? (over ? `Shorten the bio to ${profile.bioLimit} characters.` : undefined)
          }
          onChange={(event) => edit({ bio: event.currentTarget.value })}
        />
        <FormFooter {...action} label="Save name and bio" />
      </Stack>
    </form>
  );
}

/** The username, changed on its own (account.updateUsername); empty removes it. */
export function UsernameForm({ configName, profile }: { configName: string; profile: OwnProfile }) {
  const { setUsername } = useTelegramAccountStore(telegramAccountSelectors.actions);
  const [username, setUsernameDraft] = useState(profile.username ?? '');
  const action = useAccountAction();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(() => setUsername(configName, username));
  };
  return (
    <form onSubmit={submit} aria-label="Username">
      <Stack gap="sm">
        <TextInput
          label="Username"
          leftSection="@"
          value={username}
          description="5 to 32 letters, digits and underscores; people find the agent by it. Empty removes it."
          error={action.fields.username}
          onChange={(event) => {
            setUsernameDraft(event.currentTarget.value);
            action.edited();
          }}
        />
        <FormFooter {...action} label="Save username" />
      </Stack>
    </form>
  );
}

const BIRTHDAY_COLUMNS: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'minmax(3.5rem, 1fr) minmax(8.5rem, 2fr) minmax(6rem, 1fr)',
  gap: 'var(--mantine-spacing-sm)',
  alignItems: 'start',
};

/** Day, month and an optional year (account.updateBirthday), or none. */
export function BirthdayForm({ configName, profile }: { configName: string; profile: OwnProfile }) {
  const { setBirthday } = useTelegramAccountStore(telegramAccountSelectors.actions);
  const [draft, setDraft] = useState(birthdayDraft(profile.birthday));
  const action = useAccountAction();
  const edit = (change: Partial<BirthdayDraft>) => {
    setDraft({ ...draft, ...change });
    action.edited();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseBirthday(draft);
    if ('errors' in parsed) {
      action.fail(parsed.errors);
      return;
    }
    void action.run(() => setBirthday(configName, parsed.birthday));
  };
  const remove = () => {
    setDraft(birthdayDraft(null));
    void action.run(() => setBirthday(configName, null));
  };
  const fieldError = (field: 'day' | 'month' | 'year') =>
    action.fields[field] ??
    action.fields[`birthday.${field}`] ??
    (field === 'day' ? action.fields.birthday : undefined);
  return (
    <form onSubmit={submit} aria-label="Birthday">
      <Stack gap="sm">
        {/* Day and year take a few digits, the month a name: on a phone too, the three sit on one
            line with short labels and no steppers, and the month keeps room for "September". */}
        <Box style={BIRTHDAY_COLUMNS}>
          {/* Out of range is said under the field on save, never clamped away unseen. */}
          <NumberInput
            label="Day"
            min={1}
            max={31}
            clampBehavior="none"
            allowDecimal={false}
            hideControls
            value={draft.day}
            error={fieldError('day')}
            onChange={(value) => edit({ day: String(value) })}
          />
          <Select
            label="Month"
            data={MONTHS.map((name, index) => ({ value: String(index + 1), label: name }))}
            value={draft.month || null}
            error={fieldError('month')}
            onChange={(value) => edit({ month: value ?? '' })}
          />
          <NumberInput
            label="Year"
            placeholder="Optional"
            min={FIRST_BIRTH_YEAR}
            max={new Date().getFullYear()}
            clampBehavior="none"
            allowDecimal={false}
            hideControls
            value={draft.year}
            error={fieldError('year')}
            onChange={(value) => edit({ year: String(value) })}
          />
        </Box>
        <Group gap="sm" align="flex-start">
          <FormFooter {...action} label="Save birthday" />
          {profile.birthday && (
            <Button variant="default" onClick={remove} disabled={action.busy}>
              Remove birthday
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
