import { Fieldset, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import type { MediaSettings } from '../../../../shared/domain/settings';
import { DraftFormFooter } from '../../../ui/DraftFormActions';
import { MEDIA_NUMBER_FIELDS, type MediaDraft, mediaChanges, mediaDraftErrors } from '../media-settings';
import { settingsSelectors } from '../selectors';
import { useSettingsStore } from '../store';
import { useDraftSave } from './useDraftSave';

const NUMBER_FIELDS: Record<
  (typeof MEDIA_NUMBER_FIELDS)[number],
  { label: string; description: string; suffix: string; min: number; max: number; integer: boolean }
> = {
  descriptionsPerTurn: {
    label: 'New descriptions per turn',
    description: 'A reply waits for at most this many; the rest are described in the background.',
    suffix: '',
    min: 0,
    max: 100,
    integer: true,
  },
  maxDurationSeconds: {
    label: 'Longest video or voice note',
    description: 'Longer ones are not described.',
    suffix: ' s',
    min: 1,
    max: 3600,
    integer: true,
  },
  maxFileMegabytes: {
    label: 'Largest file',
    description: 'Larger files are not downloaded for a description.',
    suffix: ' MB',
    min: 0.1,
    max: 100,
    integer: false,
  },
};

/**
 * How the stickers, photos, videos and voice notes agents receive are described for them: the
 * media model (Gemini sees all three kinds; OpenAI-compatible vision models see images) and the
 * limits that keep replies quick and costs down.
 */
export function MediaSettingsForm({ saved }: { saved: MediaSettings }) {
  const { updateSettings } = useSettingsStore(settingsSelectors.actions);
  const form = useDraftSave<MediaDraft>('media.');
  const { errors } = form;
  const value = form.draft ?? saved;
  const patch = mediaChanges(value, saved);
  const dirty = Object.keys(patch).length > 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!dirty || form.saving) return;
    const missing = mediaDraftErrors(value);
    if (Object.keys(missing).length > 0) {
      form.invalid(missing);
      return;
    }
    void form.save(() => updateSettings({ media: patch as Partial<MediaSettings> }), {
      title: 'Media settings saved',
      message:
        patch.model === ''
          ? 'Media is no longer described; agents read it as not understood.'
          : 'They apply from the next turn.',
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Media descriptions">
      <Stack gap="md">
        <Fieldset variant="unstyled" disabled={form.saving}>
          <Stack gap="lg">
            <TextInput
              label="Media model"
              description="A model or provider name, as agents name theirs (e.g. gemini or gemini-2.5-flash, gpt-4o-mini for images only). Empty: media is not described."
              value={value.model}
              onChange={(event) => form.edit({ ...value, model: event.currentTarget.value }, 'media.model')}
              error={errors['media.model']}
              spellCheck={false}
              autoComplete="off"
              maw={420}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" verticalSpacing="md">
              {MEDIA_NUMBER_FIELDS.map((field) => {
                const spec = NUMBER_FIELDS[field];
                return (
                  <NumberInput
                    key={field}
                    label={spec.label}
                    description={spec.description}
                    value={value[field]}
                    onChange={(next) => form.edit({ ...value, [field]: next }, `media.${field}`)}
                    min={spec.min}
                    max={spec.max}
                    allowDecimal={!spec.integer}
                    suffix={spec.suffix}
                    error={errors[`media.${field}`]}
                    clampBehavior="none"
                    hideControls
                  />
                );
              })}
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <DraftFormFooter form={form} dirty={dirty} saveLabel="Save media settings" />
      </Stack>
    </form>
  );
}
