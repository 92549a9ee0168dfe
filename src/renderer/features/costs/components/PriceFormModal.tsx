import { Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { LlmPriceInput } from '../../../../shared/domain/prices';
import { LLM_PROVIDER_LABELS, LLM_PROVIDERS, type LlmProviderId } from '../../../../shared/domain/settings';
import { costsSelectors } from '../selectors';
import { useCostsStore } from '../store';

/** What the form starts from: a price to edit, or a model to add (maybe named by an unpriced-calls flag). */
export type PriceDraft = { editing: boolean; value: LlmPriceDraft };

/** The form's fields; prices stay text-like ('' while empty) until saved. */
export type LlmPriceDraft = Omit<
  LlmPriceInput,
  'inputUsdPerMtok' | 'outputUsdPerMtok' | 'cachedInputUsdPerMtok'
> & {
  inputUsdPerMtok: number | '';
  outputUsdPerMtok: number | '';
  cachedInputUsdPerMtok: number | '';
};

export function newPriceDraft(model = '', provider: LlmProviderId = 'gemini'): PriceDraft {
  return {
    editing: false,
    value: {
      modelId: model,
      provider,
      displayName: model,
      inputUsdPerMtok: '',
      outputUsdPerMtok: '',
      cachedInputUsdPerMtok: '',
    },
  };
}

/** Empty number fields go to the runtime as they are, so its message names the field. */
function toInput(draft: LlmPriceDraft): LlmPriceInput {
  const price = (value: number | '') => (value === '' ? (undefined as unknown as number) : value);
  return {
    ...draft,
    inputUsdPerMtok: price(draft.inputUsdPerMtok),
    outputUsdPerMtok: price(draft.outputUsdPerMtok),
    cachedInputUsdPerMtok: draft.cachedInputUsdPerMtok === '' ? null : draft.cachedInputUsdPerMtok,
  };
}

/** A negative price stays as typed (not clamped to 0 unseen), so the runtime's refusal names it. */
const USD = {
  prefix: '$',
  min: 0,
  clampBehavior: 'none',
  decimalScale: 4,
  hideControls: true,
  thousandSeparator: ',',
} as const;

/** Adding a model the catalogue prices already would replace its price unseen; editing it says so. */
export function alreadyPriced(modelId: string, prices: readonly { modelId: string }[]): string | null {
  const wanted = modelId.trim().toLowerCase();
  const found = prices.find((price) => price.modelId.toLowerCase() === wanted);
  return found ? `${found.modelId} has a price already: edit it in the table.` : null;
}

/** Adds a model's price or edits one; the runtime's refusals show under their fields. */
export function PriceFormModal({ draft, onClose }: { draft: PriceDraft; onClose: () => void }) {
  const { savePrice } = useCostsStore(costsSelectors.actions);
  const { list: prices } = useCostsStore(costsSelectors.prices);
  const [value, setValue] = useState(draft.value);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const edit = <K extends keyof LlmPriceDraft>(key: K, next: LlmPriceDraft[K]) => {
    setValue((current) => ({ ...current, [key]: next }));
    setErrors(({ [key]: _fixed, ...rest }) => rest);
  };
  const save = async () => {
    const duplicate = draft.editing ? null : alreadyPriced(value.modelId, prices);
    if (duplicate !== null) return setErrors({ modelId: duplicate });
    setSaving(true);
    const result = await savePrice(toInput(value));
    setSaving(false);
    if (result.ok) return onClose();
    setErrors(result.fields);
    setMessage(Object.keys(result.fields).length > 0 ? null : result.message);
  };
  const number = (key: 'inputUsdPerMtok' | 'outputUsdPerMtok' | 'cachedInputUsdPerMtok') => ({
    value: value[key],
    onChange: (next: number | string) => edit(key, typeof next === 'number' ? next : ''),
    error: errors[key],
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={draft.editing ? `Edit the price of ${draft.value.modelId}` : 'Add a model price'}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Model"
            description="As agents name it; dated snapshots and tags of it share the price."
            value={value.modelId}
            onChange={(event) => edit('modelId', event.currentTarget.value)}
            error={errors.modelId}
            disabled={draft.editing}
            data-autofocus={!draft.editing || undefined}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <Select
            label="Provider"
            data={LLM_PROVIDERS.map((id) => ({ value: id, label: LLM_PROVIDER_LABELS[id] }))}
            value={value.provider}
            onChange={(next) => next && edit('provider', next as LlmProviderId)}
            error={errors.provider}
            allowDeselect={false}
          />
          <TextInput
            label="Display name"
            value={value.displayName}
            onChange={(event) => edit('displayName', event.currentTarget.value)}
            error={errors.displayName}
          />
          <Group grow align="flex-start">
            <NumberInput
              label="Input"
              description="USD per million tokens"
              {...USD}
              {...number('inputUsdPerMtok')}
              data-autofocus={draft.editing || undefined}
            />
            <NumberInput
              label="Output"
              description="USD per million tokens"
              {...USD}
              {...number('outputUsdPerMtok')}
            />
          </Group>
          <NumberInput
            label="Cached input"
            description="Leave empty when the provider bills cached input like any input."
            {...USD}
            {...number('cachedInputUsdPerMtok')}
          />
          {message && (
            <Text size="sm" c="red" role="alert">
              {message}
            </Text>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {draft.editing ? 'Save' : 'Add price'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
