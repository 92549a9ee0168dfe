import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useMemo } from 'react';
import {
  DEFAULT_LLM_BASE_URLS,
  LLM_PROVIDER_LABELS,
  type LlmProviderId,
} from '../../../../shared/domain/settings';
import { settingsSelectors } from '../selectors';
import { useSettingsStore } from '../store';
import { useDraftSave } from './useDraftSave';

/**
 * A provider's base URL; empty means the provider's default, shown as the placeholder. When an
 * environment variable sets it, that URL is the one in effect, and the field says so.
 */
export function BaseUrlField({
  provider,
  accessibleLabel,
}: {
  provider: LlmProviderId;
  accessibleLabel: string;
}) {
  const saved = useSettingsStore(useMemo(() => settingsSelectors.baseUrl(provider), [provider]));
  const fromEnvironment = useSettingsStore(
    useMemo(() => settingsSelectors.environmentBaseUrl(provider), [provider]),
  );
  const { updateSettings } = useSettingsStore(settingsSelectors.actions);
  const field = `llmBaseUrls.${provider}`;
  const form = useDraftSave<string>(field);
  const { draft, saving } = form;
  const value = draft ?? saved;
  const dirty = draft !== null && draft.trim() !== saved;

  const save = (next: string) =>
    form.save(() => updateSettings({ llmBaseUrls: { [provider]: next } }), {
      title: `${LLM_PROVIDER_LABELS[provider]} base URL saved`,
      message: next.trim() === '' ? 'The default URL is used.' : next.trim(),
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (dirty && !saving) void save(value);
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap={6}>
        <TextInput
          label="Base URL"
          aria-label={accessibleLabel}
          placeholder={DEFAULT_LLM_BASE_URLS[provider]}
          value={value}
          onChange={(event) => form.edit(event.currentTarget.value)}
          error={form.errors[field] ?? form.formError}
          spellCheck={false}
          autoComplete="off"
          inputMode="url"
        />
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" c={fromEnvironment ? 'blue' : 'dimmed'}>
            {fromEnvironment
              ? `In effect: ${fromEnvironment.url}, from ${fromEnvironment.variable} in the environment`
              : saved === ''
                ? 'Using the default'
                : 'Custom URL'}
          </Text>
          <Group gap="xs" wrap="nowrap">
            {saved !== '' && (
              <Button
                type="button"
                size="xs"
                variant="subtle"
                color="gray"
                aria-label={`Use the default ${accessibleLabel}`}
                disabled={saving}
                onClick={() => void save('')}
              >
                Use default
              </Button>
            )}
            <Button
              type="submit"
              size="xs"
              variant="light"
              aria-label={`Save ${accessibleLabel}`}
              disabled={!dirty || saving}
              loading={saving}
            >
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
