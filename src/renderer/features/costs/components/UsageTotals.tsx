import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'wouter';
import type { UsageSummary } from '../../../../shared/api/usage-contract';
import { pluralize } from '../../../ui/format';
import { callsPricedTooLate, formatTokens, formatUsd, unpricedModels } from '../model';
import { addPricePath, PRICES_PATH } from '../paths';

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={24} fw={650} lh={1.3}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

/** The window's totals: spend, calls, tokens in and out. */
export function UsageTotals({ summary, compact }: { summary: UsageSummary; compact: boolean }) {
  const { totals } = summary;
  const average =
    totals.calls > 0 ? formatUsd(totals.costUsd / (totals.calls - totals.unknownPriceCalls || 1)) : '—';
  return (
    <SimpleGrid cols={compact ? 2 : { base: 2, md: 4 }} spacing="sm">
      <Stat label="Spend" value={formatUsd(totals.costUsd)} hint={`${average} per priced call`} />
      <Stat label="LLM calls" value={totals.calls.toLocaleString('en')} />
      <Stat
        label="Input tokens"
        value={formatTokens(totals.inputTokens)}
        hint={`${formatTokens(totals.cachedTokens)} cached`}
      />
      <Stat
        label="Output tokens"
        value={formatTokens(totals.outputTokens)}
        hint={`${formatTokens(totals.thinkingTokens)} thinking`}
      />
    </SimpleGrid>
  );
}

/**
 * Calls the spend leaves out: models the catalogue lacks (with a link that opens the editor on
 * them), and calls made before their model was priced.
 */
export function UnpricedCalls({ summary }: { summary: UsageSummary }) {
  const missing = unpricedModels(summary);
  const late = callsPricedTooLate(summary);
  if (missing.length === 0 && late === 0) return null;
  const calls = missing.reduce((sum, row) => sum + row.unknownPriceCalls, 0);
  return (
    <Stack gap="xs">
      {missing.length > 0 && (
        <Alert
          color="yellow"
          variant="light"
          radius="md"
          icon={<IconAlertTriangle aria-hidden />}
          title={`${pluralize(calls, 'call has', 'calls have')} no price: add the model to the catalogue`}
        >
          <Stack gap={4}>
            <Text size="sm">The spend above leaves them out.</Text>
            {missing.map((row) => (
              <Group key={`${row.provider}/${row.model}`} gap="xs">
                <Text size="sm" ff="monospace">
                  {row.model}
                </Text>
                <Text size="sm" c="dimmed">
                  {row.provider} · {pluralize(row.unknownPriceCalls, 'call')}
                </Text>
                <Anchor component={Link} href={addPricePath(row.provider, row.model)} size="sm">
                  Add its price
                </Anchor>
              </Group>
            ))}
          </Stack>
        </Alert>
      )}
      {late > 0 && (
        <Text size="xs" c="dimmed">
          {pluralize(late, 'call was', 'calls were')} made before its model had a price and{' '}
          {late === 1 ? 'counts' : 'count'} as nothing.{' '}
          <Anchor component={Link} href={PRICES_PATH} size="xs">
            Prices
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}
