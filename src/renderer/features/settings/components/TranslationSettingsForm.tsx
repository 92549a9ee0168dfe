import { Fieldset, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import type { TranslationSettings } from '../../../../shared/domain/settings';
import { DraftFormFooter } from '../../../ui/DraftFormActions';
import { settingsSelectors } from '../selectors';
import { useSettingsStore } from '../store';
import { useDraftSave } from './useDraftSave';

/**
 * The model the conversation tools translate with: one the operator picks (a cheap, fast one does)
 * or, left empty, each conversation's own.
 */
export function TranslationSettingsForm({ saved }: { saved: TranslationSettings }) {
  const { updateSettings } = useSettingsStore(settingsSelectors.actions);
  const form = useDraftSave<TranslationSettings>('translation.');
  const value = form.draft ?? saved;
  const model = value.model.trim();
  const dirty = model !== saved.model;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!dirty || form.saving) return;
    void form.save(() => updateSettings({ translation: { model } }), {
      title: 'Translation model saved',
      message:
        model === '' ? 'Each conversation is translated by its own model.' : `Translations use ${model}.`,
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Translation model">
      <Stack gap="md">
        <Fieldset variant="unstyled" disabled={form.saving}>
          <TextInput
            label="Translation model"
            description="A model or provider name, as agents name theirs (e.g. gemini-2.5-flash-lite). Empty: each conversation's own model."
            placeholder="The conversation's model"
            value={value.model}
            onChange={(event) => form.edit({ model: event.currentTarget.value }, 'translation.model')}
            error={form.errors['translation.model']}
            spellCheck={false}
            autoComplete="off"
            maw={420}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
        </Fieldset>
        <DraftFormFooter form={form} dirty={dirty} saveLabel="Save translation model" />
      </Stack>
    </form>
  );
}
