import { Badge, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { SECRET_LABELS, type SecretName } from '../../../../shared/domain/secrets';
import { errorMessage, fieldErrors } from '../../../api/errors';
import { RelativeTime } from '../../../ui/RelativeTime';
import { settingsSelectors } from '../selectors';
import { useSettingsStore } from '../store';

/**
 * A write-only secret: the stored value never comes back from the runtime, so the field only
 * takes a new one. It shows whether a value is set and when it last changed.
 */
export function SecretField({
  name,
  label,
}: {
  name: SecretName;
  /** The visible label; the accessible name is always the secret's full label. */
  label: string;
}) {
  const status = useSettingsStore(useMemo(() => settingsSelectors.secretStatus(name), [name]));
  const { setSecret, clearSecret } = useSettingsStore(settingsSelectors.actions);
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState<'save' | 'clear' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const statusId = useId();
  const fullLabel = SECRET_LABELS[name];

  const run = async (kind: 'save' | 'clear') => {
    setPending(kind);
    setError(null);
    try {
      if (kind === 'save') {
        await setSecret(name, draft);
        setDraft('');
      } else {
        await clearSecret(name);
      }
      notifications.show({
        color: 'teal',
        title: kind === 'save' ? `${fullLabel} saved` : `${fullLabel} cleared`,
        message:
          kind === 'save' ? 'Stored encrypted; it will not be shown again.' : 'The stored value was removed.',
      });
    } catch (caught) {
      setError(fieldErrors(caught).value ?? errorMessage(caught));
    } finally {
      setPending(null);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (draft !== '' && pending === null) void run('save');
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap={6}>
        <PasswordInput
          label={
            <Group gap="xs" component="span" wrap="nowrap">
              <span>{label}</span>
              <Badge
                id={statusId}
                size="xs"
                variant={status.isSet ? 'light' : 'outline'}
                color={status.isSet ? 'teal' : 'gray'}
                tt="none"
              >
                {status.isSet ? 'Set' : 'Not set'}
              </Badge>
            </Group>
          }
          aria-label={fullLabel}
          aria-describedby={statusId}
          placeholder={status.isSet ? 'Enter a new value to replace it' : 'Paste the value'}
          autoComplete="new-password"
          spellCheck={false}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          error={error}
          styles={{ label: { width: '100%' } }}
        />
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {status.isSet && status.updatedAt ? (
              <>
                Updated <RelativeTime iso={status.updatedAt} />
              </>
            ) : status.isSet ? (
              'Stored'
            ) : (
              'Nothing stored'
            )}
          </Text>
          <Group gap="xs" wrap="nowrap">
            {status.isSet && (
              <Button
                type="button"
                size="xs"
                variant="subtle"
                color="red"
                aria-label={`Clear ${fullLabel}`}
                disabled={pending !== null}
                loading={pending === 'clear'}
                onClick={() => void run('clear')}
              >
                Clear
              </Button>
            )}
            <Button
              type="submit"
              size="xs"
              variant="light"
              aria-label={`Save ${fullLabel}`}
              disabled={draft === '' || pending !== null}
              loading={pending === 'save'}
            >
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
