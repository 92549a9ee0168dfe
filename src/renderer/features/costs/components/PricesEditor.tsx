import { Alert, Badge, Button, Group, Paper, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import type { LlmPrice } from '../../../../shared/domain/prices';
import { LLM_PROVIDER_LABELS, LLM_PROVIDERS, type LlmProviderId } from '../../../../shared/domain/settings';
import { errorMessage } from '../../../api/errors';
import { ConfirmAction } from '../../../ui/ConfirmAction';
import { IconAction } from '../../../ui/IconAction';
import { ErrorState, LoadingState } from '../../../ui/states';
import { PRICES_PATH } from '../paths';
import { costsSelectors } from '../selectors';
import { useCostsStore } from '../store';
import { newPriceDraft, type PriceDraft, PriceFormModal } from './PriceFormModal';

const usd = (value: number | null) =>
  value === null
    ? '—'
    : `$${value.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 4 })}`;

function editDraft(price: LlmPrice): PriceDraft {
  return {
    editing: true,
    value: {
      modelId: price.modelId,
      provider: price.provider,
      displayName: price.displayName,
      inputUsdPerMtok: price.inputUsdPerMtok,
      outputUsdPerMtok: price.outputUsdPerMtok,
      cachedInputUsdPerMtok: price.cachedInputUsdPerMtok ?? '',
    },
  };
}

/** The model a flag asked to price (see `addPricePath`). */
export type PriceRequest = { provider: string; model: string };

function requestedDraft(request: PriceRequest | null): PriceDraft | null {
  if (!request) return null;
  const { provider, model } = request;
  return newPriceDraft(
    model,
    LLM_PROVIDERS.includes(provider as LlmProviderId) ? (provider as LlmProviderId) : 'gemini',
  );
}

/**
 * The price catalogue every cost is computed with: each model's prices per million tokens,
 * added, edited or removed here; a change prices the calls from then on. Live on `prices.changed`.
 */
export function PricesEditor({ request = null }: { request?: PriceRequest | null }) {
  const prices = useCostsStore(costsSelectors.prices);
  const { loadPrices, deletePrice } = useCostsStore(costsSelectors.actions);
  const [, navigate] = useLocation();
  const [draft, setDraft] = useState<PriceDraft | null>(() => requestedDraft(request));
  const close = () => {
    setDraft(null);
    // The address named the model to add: it goes, so going back does not open the form again.
    if (request) navigate(PRICES_PATH, { replace: true });
  };
  const [filter, setFilter] = useState('');
  useEffect(() => {
    void loadPrices();
  }, [loadPrices]);
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return prices.list.filter(
      (price) =>
        !needle || `${price.modelId} ${price.displayName} ${price.provider}`.toLowerCase().includes(needle),
    );
  }, [prices.list, filter]);

  if (prices.status === 'loading' || prices.status === 'idle')
    return <LoadingState label="Loading the prices…" />;
  if (prices.status === 'error' && prices.list.length === 0)
    return (
      <ErrorState
        title="The prices could not be loaded"
        message={prices.error ?? ''}
        onRetry={() => void loadPrices()}
      />
    );

  const remove = async (price: LlmPrice) => {
    try {
      await deletePrice(price.modelId);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: `Could not remove ${price.modelId}`,
        message: errorMessage(error),
      });
    }
  };

  return (
    <Stack gap="md">
      <Alert variant="light" color="blue" radius="md">
        Costs are computed from these prices when each call is made: a change prices the calls from then on,
        and calls already recorded keep their cost. A model missing here is recorded without a price.
      </Alert>
      <Group justify="space-between">
        <TextInput
          placeholder="Filter models"
          aria-label="Filter models"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          w={260}
        />
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDraft(newPriceDraft())}>
          Add a model
        </Button>
      </Group>
      <Paper withBorder radius="md">
        <ScrollArea type="auto">
          <Table striped highlightOnHover verticalSpacing={8} aria-label="Model prices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Model</Table.Th>
                <Table.Th>Provider</Table.Th>
                <Table.Th ta="right">Input / M</Table.Th>
                <Table.Th ta="right">Cached input / M</Table.Th>
                <Table.Th ta="right">Output / M</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((price) => (
                <Table.Tr key={price.modelId}>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {price.modelId}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {price.displayName}
                      {price.source === 'operator' && (
                        <Badge ml={6} size="xs" variant="light">
                          yours
                        </Badge>
                      )}
                    </Text>
                  </Table.Td>
                  <Table.Td>{LLM_PROVIDER_LABELS[price.provider]}</Table.Td>
                  <Table.Td ta="right">{usd(price.inputUsdPerMtok)}</Table.Td>
                  <Table.Td ta="right">{usd(price.cachedInputUsdPerMtok)}</Table.Td>
                  <Table.Td ta="right">{usd(price.outputUsdPerMtok)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <IconAction
                        label={`Edit ${price.modelId}`}
                        tooltip="Edit"
                        icon={<IconPencil size={16} aria-hidden />}
                        onClick={() => setDraft(editDraft(price))}
                      />
                      <ConfirmAction
                        label={`Remove ${price.modelId}`}
                        icon={<IconTrash size={16} aria-hidden />}
                        question={`Remove the price of ${price.modelId}? Its calls from then on are recorded without a price.`}
                        confirmLabel="Remove"
                        onConfirm={() => remove(price)}
                      />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        {shown.length === 0 && (
          <Text c="dimmed" size="sm" p="md" ta="center">
            {prices.list.length === 0
              ? 'The catalogue is empty: add the models your agents use.'
              : 'No model matches.'}
          </Text>
        )}
      </Paper>
      {draft && <PriceFormModal key={draft.value.modelId} draft={draft} onClose={close} />}
    </Stack>
  );
}
