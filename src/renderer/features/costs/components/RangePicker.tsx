import { Group, SegmentedControl, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { localDay, RANGE_LABELS, rangeProblems, type UsageRange } from '../model';
import { costsSelectors } from '../selectors';
import { useCostsStore } from '../store';

const KINDS = Object.keys(RANGE_LABELS) as UsageRange['kind'][];

/**
 * The window of every costs view: today, the last 7, 30 or 90 days, or days picked. A custom
 * range is applied once both days make a window; until then the fields say what is wrong.
 */
export function RangePicker({
  serverErrors = {},
  compact = false,
}: {
  serverErrors?: Record<string, string> | undefined;
  /** Narrow places (the inspector): small, across the whole width. */
  compact?: boolean;
}) {
  // A phone's width holds the five windows only small, across the whole width.
  const narrow = useMediaQuery('(max-width: 48em)');
  const small = compact || narrow === true;
  const range = useCostsStore(costsSelectors.range);
  const { setRange, setRangeStale } = useCostsStore(costsSelectors.actions);
  const today = localDay(new Date());
  const [draft, setDraft] = useState(() =>
    range.kind === 'custom' ? { from: range.from, to: range.to } : { from: today, to: today },
  );
  const [custom, setCustom] = useState(range.kind === 'custom');
  const problems = rangeProblems({ kind: 'custom', ...draft }, today);
  // While the days picked make no range, the reports say theirs is the last one that did.
  const stale = custom && Object.keys(problems).length > 0;
  useEffect(() => {
    setRangeStale(stale);
    return () => setRangeStale(false);
  }, [stale, setRangeStale]);

  const pickKind = (kind: string) => {
    if (kind === 'custom') {
      setCustom(true);
      if (Object.keys(problems).length === 0) setRange({ kind: 'custom', ...draft });
      return;
    }
    setCustom(false);
    setRange({ kind: kind as Exclude<UsageRange['kind'], 'custom'> });
  };
  const editDay = (field: 'from' | 'to', value: string) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    if (Object.keys(rangeProblems({ kind: 'custom', ...next }, today)).length === 0)
      setRange({ kind: 'custom', ...next });
  };

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SegmentedControl
        aria-label="Window"
        size={small ? 'xs' : 'sm'}
        fullWidth={small}
        w={small ? '100%' : undefined}
        value={custom ? 'custom' : range.kind}
        onChange={pickKind}
        data={KINDS.map((kind) => ({ value: kind, label: RANGE_LABELS[kind] }))}
      />
      {custom && (
        <>
          <TextInput
            type="date"
            label="From"
            size="xs"
            value={draft.from}
            max={today}
            onChange={(event) => editDay('from', event.currentTarget.value)}
            error={problems.from ?? serverErrors.since}
          />
          <TextInput
            type="date"
            label="To"
            size="xs"
            value={draft.to}
            max={today}
            onChange={(event) => editDay('to', event.currentTarget.value)}
            error={problems.to ?? serverErrors.until}
          />
        </>
      )}
    </Group>
  );
}
