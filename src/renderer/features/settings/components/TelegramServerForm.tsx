import {
  Alert,
  Badge,
  Fieldset,
  Group,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { type FormEvent, useEffect } from 'react';
import {
  TELEGRAM_SERVER_MODES,
  type TelegramServerMode,
  type TelegramServerSettings,
} from '../../../../shared/domain/telegram';
import { DraftFormFooter } from '../../../ui/DraftFormActions';
import { SERVER_MODE_LABELS, telegramServerChanges, telegramServerDraftErrors } from '../../telegram/model';
import { telegramSelectors } from '../../telegram/selectors';
import { useTelegramStore } from '../../telegram/store';
import { settingsSelectors } from '../selectors';
import { useSettingsStore } from '../store';
import { useDraftSave } from './useDraftSave';

const MODE_NOTES: Record<TelegramServerMode, string> = {
  production: 'The real Telegram, where people are.',
  test: 'Telegram’s own test data centres, with test accounts and codes.',
  custom: 'Any MTProto server, e.g. a local one for tests.',
};

/** The server the runtime uses now, and where that choice comes from. */
function ServerInEffect() {
  const server = useTelegramStore(telegramSelectors.server);
  const status = useTelegramStore(telegramSelectors.status);
  const { loadAccounts } = useTelegramStore(telegramSelectors.actions);

  useEffect(() => {
    if (status === 'idle') void loadAccounts();
  }, [status, loadAccounts]);

  return (
    <Group gap="xs">
      <Text size="sm" c="dimmed">
        In effect:
      </Text>
      <Text size="sm" fw={600}>
        {server?.label ?? (status === 'error' ? 'unknown' : '…')}
      </Text>
      {server?.source === 'environment' && (
        <Badge variant="light" color="blue" size="sm" tt="none">
          set by environment
        </Badge>
      )}
    </Group>
  );
}

/**
 * Which Telegram agents log in to. Sessions are kept per server, so switching does not mix test
 * logins with real ones. TROUPE_TELEGRAM_DC overrides the setting; the form is then read-only.
 */
export function TelegramServerForm({ saved }: { saved: TelegramServerSettings }) {
  const { updateSettings } = useSettingsStore(settingsSelectors.actions);
  const { loadAccounts } = useTelegramStore(telegramSelectors.actions);
  const fromEnvironment = useTelegramStore(telegramSelectors.serverFromEnvironment);
  const form = useDraftSave<TelegramServerSettings>('telegramServer.');
  const { draft, errors } = form;
  const value = draft ?? saved;
  const patch = telegramServerChanges(value, saved);
  const dirty = Object.keys(patch).length > 0;

  const edit = <K extends keyof TelegramServerSettings>(key: K, next: TelegramServerSettings[K]) =>
    form.edit({ ...value, [key]: next }, `telegramServer.${key}`);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!dirty || form.saving) return;
    const missing = telegramServerDraftErrors(value);
    if (Object.keys(missing).length > 0) {
      form.invalid(missing);
      return;
    }
    void form.save(
      async () => {
        await updateSettings({ telegramServer: patch });
        void loadAccounts();
      },
      { title: 'Telegram server saved', message: 'Agents reconnect to it; each needs a login there once.' },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Telegram server">
      <Stack gap="lg">
        <ServerInEffect />
        {fromEnvironment && (
          <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />} py={8}>
            <Text size="sm">
              The <code>TROUPE_TELEGRAM_DC</code> environment variable chooses the server, so this setting is
              read-only. Unset it and restart Troupe to choose here.
            </Text>
          </Alert>
        )}
        <Fieldset variant="unstyled" disabled={fromEnvironment || form.saving}>
          <Stack gap="md">
            <Radio.Group
              label={fromEnvironment ? 'Saved setting (used once the variable is unset)' : 'Server'}
              value={value.mode}
              onChange={(mode) => edit('mode', mode as TelegramServerMode)}
              error={errors['telegramServer.mode']}
            >
              <Stack gap="xs" mt={6}>
                {TELEGRAM_SERVER_MODES.map((mode) => (
                  <Radio
                    key={mode}
                    value={mode}
                    label={SERVER_MODE_LABELS[mode]}
                    description={MODE_NOTES[mode]}
                  />
                ))}
              </Stack>
            </Radio.Group>
            {value.mode === 'custom' && (
              <>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
                  <TextInput
                    label="Address"
                    description="The server’s host:port."
                    placeholder="127.0.0.1:8443"
                    value={value.address}
                    onChange={(event) => edit('address', event.currentTarget.value)}
                    error={errors['telegramServer.address']}
                    spellCheck={false}
                    autoComplete="off"
                  />
                  <NumberInput
                    label="DC id"
                    description="The data centre the server plays."
                    value={value.dcId}
                    onChange={(next) => edit('dcId', typeof next === 'number' ? next : Number.NaN)}
                    error={errors['telegramServer.dcId']}
                    min={1}
                    max={1000}
                    allowDecimal={false}
                    clampBehavior="none"
                    hideControls
                  />
                </SimpleGrid>
                <Textarea
                  label="RSA public key"
                  description="The server’s public key in PEM form."
                  placeholder="-----BEGIN RSA PUBLIC KEY-----"
                  value={value.rsaPublicKeyPem}
                  onChange={(event) => edit('rsaPublicKeyPem', event.currentTarget.value)}
                  error={errors['telegramServer.rsaPublicKeyPem']}
                  autosize
                  minRows={4}
                  maxRows={10}
                  spellCheck={false}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
                />
              </>
            )}
          </Stack>
        </Fieldset>
        <DraftFormFooter
          form={form}
          dirty={dirty}
          saveLabel="Save Telegram server"
          readOnly={fromEnvironment}
        />
      </Stack>
    </form>
  );
}
