import { Fieldset, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import {
  type EmbeddingSettings,
  LLM_PROVIDER_LABELS,
  LLM_PROVIDERS,
  type LlmProviderId,
} from '../../../../shared/domain/settings';
import { DraftFormFooter } from '../../../ui/DraftFormActions';
import { EMBEDDING_MODEL_EXAMPLES, embeddingChanges, embeddingDraftErrors } from '../embedding-model';
import { settingsSelectors } from '../selectors';
import { useSettingsStore } from '../store';
import { useDraftSave } from './useDraftSave';

const PROVIDER_OPTIONS = [
  { value: '', label: 'None: recall by words only' },
  ...LLM_PROVIDERS.map((provider) => ({ value: provider, label: LLM_PROVIDER_LABELS[provider] })),
];

/**
 * The embedding model memory recall uses to find what was said in other words: a provider (its
 * key and base URL above serve here too) and one of its embedding models.
 */
export function EmbeddingSettingsForm({ saved }: { saved: EmbeddingSettings }) {
  const { updateSettings } = useSettingsStore(settingsSelectors.actions);
  const form = useDraftSave<EmbeddingSettings>('embeddings.');
  const { draft, errors } = form;
  const value = draft ?? saved;
  const patch = embeddingChanges(value, saved);
  const dirty = Object.keys(patch).length > 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!dirty || form.saving) return;
    const missing = embeddingDraftErrors(value);
    if (Object.keys(missing).length > 0) {
      form.invalid(missing);
      return;
    }
    void form.save(() => updateSettings({ embeddings: patch }), {
      title: 'Embedding model saved',
      message:
        value.provider === ''
          ? 'Recall finds things by their words only.'
          : 'The archive is embedded in the background; recall uses the vectors as they come.',
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Embedding model">
      <Stack gap="md">
        <Fieldset variant="unstyled" disabled={form.saving}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Select
              label="Provider"
              data={PROVIDER_OPTIONS}
              value={value.provider}
              onChange={(next) =>
                form.edit({ ...value, provider: (next ?? '') as LlmProviderId | '' }, 'embeddings.provider')
              }
              allowDeselect={false}
              error={errors['embeddings.provider']}
            />
            <TextInput
              label="Model"
              placeholder={value.provider === '' ? '' : EMBEDDING_MODEL_EXAMPLES[value.provider]}
              value={value.model}
              onChange={(event) =>
                form.edit({ ...value, model: event.currentTarget.value }, 'embeddings.model')
              }
              error={errors['embeddings.model']}
              disabled={value.provider === ''}
              spellCheck={false}
              autoComplete="off"
            />
          </SimpleGrid>
        </Fieldset>
        <DraftFormFooter form={form} dirty={dirty} saveLabel="Save embedding model" />
      </Stack>
    </form>
  );
}
