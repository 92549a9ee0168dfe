import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { ReactNode } from 'react';
import type { UsageSummary } from '../../../../shared/api/usage-contract';
import {
  axisLabelWidth,
  dayLabelInterval,
  formatTokens,
  formatUsd,
  spendByAgentChart,
  TOKEN_SERIES,
  tokensChart,
  valueTickCount,
} from '../model';
import { operationLabel } from '../operation-labels';

/*
 * Charts come from @mantine/charts (recharts under Mantine's theme): its colours follow the
 * light and dark schemes like the rest of the console, which a bare chart library would not.
 */

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="figure" withBorder radius="md" p="md" m={0} aria-label={title}>
      <Title order={3} fz="sm" fw={600} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** What the value axis and margins take of a daily chart's width, leaving the days' axis. */
const VALUE_AXIS_PX = 70;

/**
 * The day axis of a chart, its labels thinned to the chart's measured width so they never
 * overlap, on a phone or in the inspector alike. With the interval given, recharts need not lay
 * out each day's label to drop those that collide.
 */
function useDayAxis(rows: Record<string, string | number>[]) {
  const { ref, width } = useElementSize();
  const longest = rows.reduce((max, row) => Math.max(max, String(row.day ?? '').length), 0);
  const axisWidth = Math.max(0, width - VALUE_AXIS_PX);
  return { ref, xAxisProps: { interval: dayLabelInterval(rows.length, longest, axisWidth) } };
}

/** The columns of a chart grid: side by side on wide pages, one above the other in narrow places. */
const columns = (compact: boolean) => (compact ? 1 : { base: 1, lg: 2 });

/**
 * Spend per day stacked by agent (one agent: a single series), and tokens per day by kind. With
 * nothing priced the spend chart would be empty, so only the tokens show.
 */
export function DailyCharts({
  summary,
  byAgent,
  compact,
}: {
  summary: UsageSummary;
  byAgent: boolean;
  compact: boolean;
}) {
  const spend = spendByAgentChart(summary);
  const tokens = tokensChart(summary);
  const spendAxis = useDayAxis(spend.data);
  const tokensAxis = useDayAxis(tokens);
  return (
    <SimpleGrid cols={columns(compact)} spacing="sm">
      {summary.totals.costUsd > 0 && (
        <ChartCard title="Spend per day">
          <BarChart
            ref={spendAxis.ref}
            h={240}
            data={spend.data}
            dataKey="day"
            type="stacked"
            series={byAgent ? spend.series : spend.series.map((entry) => ({ ...entry, color: 'blue.6' }))}
            valueFormatter={formatUsd}
            withLegend={byAgent && spend.series.length > 1}
            legendProps={{ verticalAlign: 'bottom' }}
            tickLine="y"
            gridAxis="y"
            xAxisProps={spendAxis.xAxisProps}
            maxBarWidth={36}
          />
        </ChartCard>
      )}
      <ChartCard title="Tokens per day">
        <BarChart
          ref={tokensAxis.ref}
          h={240}
          data={tokens}
          dataKey="day"
          type="stacked"
          series={TOKEN_SERIES.filter(
            (entry) => entry.name !== 'Thinking' || summary.totals.thinkingTokens > 0,
          )}
          valueFormatter={formatTokens}
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          tickLine="y"
          gridAxis="y"
          xAxisProps={tokensAxis.xAxisProps}
          maxBarWidth={36}
        />
      </ChartCard>
    </SimpleGrid>
  );
}

/** One bar: its label, and the name the runtime records it under when that differs. */
type SpendRow = { name: string; recordedAs?: string; Spend: number };

/** The tooltip's heading: the bar's label, with the recorded name beside it when there is one. */
function withRecordedName(label: ReactNode, payload: readonly { payload?: SpendRow }[]): ReactNode {
  const recordedAs = payload[0]?.payload?.recordedAs;
  return recordedAs ? `${label} (${recordedAs})` : label;
}

/** Spend per label (an operation, a model) as horizontal bars, costliest first. */
function SpendBars({
  title,
  rows,
  color,
  labelWidth,
}: {
  title: string;
  rows: SpendRow[];
  color: string;
  labelWidth: number;
}) {
  // As many ticks as the measured width holds, and every one drawn: recharts would otherwise skip
  // those that collide, leaving uneven gaps. The margin keeps the last label, centred on the end
  // of the axis, inside the chart.
  const { ref, width } = useElementSize();
  const labelChars = Math.max(...rows.map((row) => formatUsd(row.Spend).length)) + 1;
  const margin = Math.ceil(axisLabelWidth(labelChars) / 2);
  const ticks = valueTickCount(labelChars, Math.max(0, width - labelWidth - margin));
  return (
    <ChartCard title={title}>
      <BarChart
        ref={ref}
        h={Math.max(120, rows.length * 34 + 40)}
        data={rows}
        dataKey="name"
        orientation="vertical"
        series={[{ name: 'Spend', color }]}
        valueFormatter={formatUsd}
        xAxisProps={{ tickCount: ticks, interval: 0 }}
        barChartProps={{ margin: { right: margin } }}
        yAxisProps={{ width: labelWidth }}
        tooltipProps={{ labelFormatter: withRecordedName }}
        gridAxis="x"
        maxBarWidth={22}
      />
    </ChartCard>
  );
}

/** Spend per operation and (but in narrow places) per model; nothing while no call is priced. */
export function BreakdownCharts({ summary, compact }: { summary: UsageSummary; compact: boolean }) {
  if (summary.totals.costUsd === 0) return null;
  return (
    <SimpleGrid cols={columns(compact)} spacing="sm">
      <SpendBars
        title="Spend per operation"
        rows={summary.operations.map((row) => {
          const name = operationLabel(row.operation);
          return {
            name,
            ...(name !== row.operation ? { recordedAs: row.operation } : {}),
            Spend: row.costUsd,
          };
        })}
        color="teal.6"
        labelWidth={130}
      />
      {!compact && (
        <SpendBars
          title="Spend per model"
          rows={summary.models.map((row) => ({ name: row.model, Spend: row.costUsd }))}
          color="grape.6"
          labelWidth={160}
        />
      )}
      {summary.models.some((row) => row.unknownPriceCalls > 0) && (
        <Text size="xs" c="dimmed">
          Models without a price draw no bar for their unpriced calls.
        </Text>
      )}
    </SimpleGrid>
  );
}
