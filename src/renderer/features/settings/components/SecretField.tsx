import { Badge, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { SECRET_LABELS, type SecretName, secretValueProblem } from '../../../../shared/domain/secrets';
import { RelativeTime } from '../../../ui/RelativeTime';
import { settingsSelectors } from '../selectors';
import { useSettingsStore } from '../store';
import { useDraftSave } from './useDraftSave';

/**
 * A write-only secret: the stored value never comes back from the runtime, so the field only
 * takes a new one. It shows whether a value is set and when it last changed, and when an
 * environment variable supplies the value instead.
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
  const form = useDraftSave<string>('value');
  // Which of the two buttons runs, for its spinner.
  const [action, setAction] = useState<'save' | 'clear'>('save');
  const statusId = useId();
  const fullLabel = SECRET_LABELS[name];
  const draft = form.draft ?? '';
  // Blank is no value to save (Clear removes one); a value the secret cannot be says so as typed.
  const blank = draft.trim() === '';
  const problem = blank ? null : secretValueProblem(name, draft);
  const fromEnvironment = status.environmentVariable;
  const pending = form.saving ? action : null;

  const run = (kind: 'save' | 'clear') => {
    setAction(kind);
    void form.save(
      kind === 'save' ? () => setSecret(name, draft) : () => clearSecret(name),
      kind === 'save'
        ? { title: `${fullLabel} saved`, message: 'Stored encrypted; it will not be shown again.' }
        : { title: `${fullLabel} cleared`, message: 'The stored value was removed.' },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!blank && problem === null && pending === null) run('save');
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
                variant={status.isSet || fromEnvironment ? 'light' : 'outline'}
                color={fromEnvironment ? 'blue' : status.isSet ? 'teal' : 'gray'}
                tt="none"
              >
                {fromEnvironment ? `From ${fromEnvironment}` : status.isSet ? 'Set' : 'Not set'}
              </Badge>
            </Group>
          }
          aria-label={fullLabel}
          aria-describedby={statusId}
          placeholder={status.isSet ? 'Enter a new value to replace it' : 'Paste the value'}
          autoComplete="new-password"
          spellCheck={false}
          value={draft}
          onChange={(event) => form.edit(event.currentTarget.value)}
          error={problem ?? form.errors.value ?? form.formError}
          styles={{ label: { width: '100%' } }}
        />
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {fromEnvironment ? (
              `${fromEnvironment} in the environment is used in place of a saved value.`
            ) : status.isSet && status.updatedAt ? (
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
                onClick={() => run('clear')}
              >
                Clear
              </Button>
            )}
            <Button
              type="submit"
              size="xs"
              variant="light"
              aria-label={`Save ${fullLabel}`}
              disabled={blank || problem !== null || pending !== null}
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
