import { Autocomplete, Stack, Text } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { costsSelectors } from '../../../costs/selectors';
import { useCostsStore } from '../../../costs/store';

/** "$0.30 in / $2.50 out per million tokens". */
function pricesInWords(input: number, output: number): string {
  return `$${input} in / $${output} out per M tokens`;
}

/**
 * A model name, typed or picked from the price catalogue (each with its prices), so the cost of
 * a choice is seen when it is made. Any name the LLM router knows may be typed.
 */
export function ModelField({
  label,
  description,
  value,
  error,
  onChange,
}: {
  label: string;
  description: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
}) {
  const prices = useCostsStore(costsSelectors.prices);
  const { loadPrices } = useCostsStore((state) => state.actions);
  useEffect(() => {
    if (prices.status === 'idle') void loadPrices();
  }, [prices.status, loadPrices]);
  const priceOf = useMemo(() => new Map(prices.list.map((price) => [price.modelId, price])), [prices.list]);
  return (
    <Autocomplete
      label={label}
      description={description}
      placeholder="Not set"
      data={prices.list.map((price) => price.modelId)}
      renderOption={({ option }) => {
        const price = priceOf.get(option.value);
        return (
          <Stack gap={0}>
            <Text size="sm">{option.value}</Text>
            {price && (
              <Text size="xs" c="dimmed">
                {pricesInWords(price.inputUsdPerMtok, price.outputUsdPerMtok)}
              </Text>
            )}
          </Stack>
        );
      }}
      value={value}
      error={error}
      onChange={onChange}
      limit={30}
    />
  );
}
