import { Alert, Button, Paper, Skeleton, Stack } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { lazy, memo, Suspense, useRef } from 'react';
import { Link } from 'wouter';
import type { Network } from '../../../../shared/api/conversation-contract';
import type { UsageSummary } from '../../../../shared/api/usage-contract';
import { EmptyBlock, ErrorState, LoadingState } from '../../../ui/states';
import { PLAYGROUND_PATH } from '../../conversations/paths';
import { RANGE_LABELS, rangeDescription } from '../model';
import { costsSelectors } from '../selectors';
import { useCostsStore } from '../store';
import { AgentsTable, ConversationsTable, RecentCallsTable } from './UsageTables';
import { UnpricedCalls, UsageTotals } from './UsageTotals';
import { useUsageSummary } from './use-usage-summary';

// The charts (recharts, under @mantine/charts) are most of the costs views' code: they load when a
// report first has calls to draw, not with the pages that hold one.
const DailyCharts = lazy(() => import('./UsageCharts').then((m) => ({ default: m.DailyCharts })));
const BreakdownCharts = lazy(() => import('./UsageCharts').then((m) => ({ default: m.BreakdownCharts })));

/** Which calls a report covers: every agent's, one agent's, or one conversation's. */
export type ReportScope =
  | { kind: 'all'; agent: string | null }
  | { kind: 'agent'; agent: string }
  | { kind: 'conversation'; agent: string; network: Network; channelId: number };

function NoCalls({ scope }: { scope: ReportScope }) {
  const range = useCostsStore(costsSelectors.range);
  const whose = scope.kind === 'conversation' ? 'this conversation' : scope.agent ? scope.agent : 'any agent';
  return (
    <Paper withBorder radius="md">
      <EmptyBlock
        icon={<IconChartBar size={28} aria-hidden />}
        title={`No LLM calls by ${whose} ${range.kind === 'custom' ? 'in these days' : `in ${RANGE_LABELS[range.kind].toLowerCase()}`}`}
        description="Every call an agent makes (its replies, summaries and memory work, media descriptions) is recorded here with its tokens and cost as it happens. Pick a longer window, or rehearse an agent in the Playground."
      >
        {scope.kind === 'all' && (
          <Button component={Link} href={PLAYGROUND_PATH} variant="default">
            Open the Playground
          </Button>
        )}
      </EmptyBlock>
    </Paper>
  );
}

/** Says which range the figures are of while the days picked make none, the figures dimmed below. */
function StaleRangeNote() {
  const range = useCostsStore(costsSelectors.range);
  return (
    <Alert color="yellow" variant="light" py={8} title={`Showing ${rangeDescription(range)}`}>
      The days picked do not make a range yet: these figures are of the last one that did.
    </Alert>
  );
}

/**
 * The report's figures for one summary. Memoized on it: picking another window, or a refetch
 * starting, redraws the frame around them (dimmed, busy), not the hundreds of bars of 90 days.
 */
const ReportBody = memo(function ReportBody({
  summary,
  kind,
  allAgents,
}: {
  summary: UsageSummary;
  kind: ReportScope['kind'];
  /** Every agent's calls: stacked and listed by agent. */
  allAgents: boolean;
}) {
  const compact = kind === 'conversation';
  return (
    <>
      <UsageTotals summary={summary} compact={compact} />
      <UnpricedCalls summary={summary} />
      <Suspense fallback={<Skeleton h={compact ? 560 : 290} radius="md" />}>
        <DailyCharts summary={summary} byAgent={allAgents} compact={compact} />
        <BreakdownCharts summary={summary} compact={compact} />
      </Suspense>
      {allAgents && <AgentsTable summary={summary} />}
      {!compact && <ConversationsTable summary={summary} showAgent={allAgents} />}
      {kind !== 'all' && <RecentCallsTable calls={summary.recentCalls} />}
    </>
  );
});

/**
 * What the calls of a scope cost in the operator's window: totals, unpriced calls, charts and
 * tables. The same report serves the costs page, an agent's Costs tab and the inspector.
 */
export function UsageReport({ scope }: { scope: ReportScope }) {
  const agent = scope.agent;
  const conversation =
    scope.kind === 'conversation' ? { network: scope.network, channelId: scope.channelId } : null;
  const { view } = useUsageSummary(agent, conversation);
  const { resync } = useCostsStore(costsSelectors.actions);
  const stale = useCostsStore(costsSelectors.rangeStale);
  // While another window loads, the last one stays on screen (dimmed, busy) instead of a spinner;
  // so it does on the draw right after the pick, before the new window is followed (no view yet),
  // which would otherwise unmount the charts only to draw them again.
  const shown = useRef<UsageSummary | null>(null);
  if (view?.summary) shown.current = view.summary;
  const summary = view?.summary ?? (!view || view.status === 'loading' ? shown.current : null);

  if (!summary && (!view || view.status === 'loading')) return <LoadingState label="Adding up the calls…" />;
  if (!summary)
    return (
      <ErrorState
        title="The costs could not be read"
        message={view?.error ?? 'Unknown error.'}
        onRetry={resync}
      />
    );

  // Figures of a range other than the one picked are dimmed, the more so when no range is picked.
  const opacity = stale ? 0.4 : view?.summary ? 1 : 0.6;
  return (
    <Stack gap="md">
      {stale && <StaleRangeNote />}
      <Stack gap="md" aria-busy={!view?.summary} style={{ opacity }}>
        {view?.error && (
          <ErrorState title="The latest costs could not be read" message={view.error} onRetry={resync} />
        )}
        {summary.totals.calls === 0 ? (
          <NoCalls scope={scope} />
        ) : (
          <ReportBody
            summary={summary}
            kind={scope.kind}
            allAgents={scope.kind === 'all' && agent === null}
          />
        )}
      </Stack>
    </Stack>
  );
}
