import { Button, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import type { AgentScheduleView } from '../../../../shared/api/schedule-contract';
import type { ScheduleActivity } from '../../../../shared/domain/schedule';
import { EmptyBlock, ErrorState, LoadingState } from '../../../ui/states';
import { agentEditPath } from '../../agents/paths';
import { type ActivityForm, activityForm, newActivityForm } from '../model/activity-form';
import {
  adjacentNext,
  localDateOf,
  shiftAnchor,
  type TimelineView,
  viewDays,
  viewTitle,
} from '../model/timeline';
import { scheduleSelectors } from '../selectors';
import { useScheduleStore } from '../store';
import { ActivityEditor, type ActivityEditorActions } from './ActivityEditor';
import { ExtendNowButton, ExtendNowOutcome, useExtendNow } from './ExtendNow';
import { ScheduleLegend } from './ScheduleLegend';
import { ScheduleTimeline } from './ScheduleTimeline';
import { ScheduleToolbar } from './ScheduleToolbar';

type Editing = { form: ActivityForm; activity: ScheduleActivity | null };

const HOUR_MS = 3_600_000;

/** The agent keeps no schedule: what that means and where to give it one. */
function NoSchedule({ configName, agentName }: { configName: string; agentName: string }) {
  return (
    <Paper withBorder radius="md">
      <EmptyBlock
        icon={<IconCalendarOff size={28} aria-hidden />}
        title={`${agentName} keeps no daily schedule`}
        description={
          <>
            Without a Daily Schedule in its file the agent has no routine: it is always awake and answers at
            its usual pace. Describe its days there (when it sleeps, works, is free) and it plans its
            activities from it, which you can then see and edit here.
          </>
        }
      >
        <Button component={Link} href={agentEditPath(configName, 'daily-schedule')}>
          Write its daily schedule
        </Button>
      </EmptyBlock>
    </Paper>
  );
}

/**
 * The agent page's Schedule tab: its activities as a day or week timeline in its zone, with free
 * time, upcoming events and now; an activity opens its editor, free time or Add activity a new one.
 * Every change is saved at once and followed live (`schedule.changed`).
 */
export function AgentSchedule({
  configName,
  agentName,
  keepsSchedule,
}: {
  configName: string;
  agentName: string;
  /** Whether its file has a Daily Schedule. */
  keepsSchedule: boolean;
}) {
  const actions = useScheduleStore(scheduleSelectors.actions);
  const entry = useScheduleStore(useMemo(() => scheduleSelectors.of(configName), [configName]));
  useEffect(
    () => (keepsSchedule ? actions.follow(configName) : undefined),
    [actions, configName, keepsSchedule],
  );

  if (!keepsSchedule) return <NoSchedule configName={configName} agentName={agentName} />;
  if (!entry?.value) {
    if (entry?.status === 'error')
      return (
        <ErrorState
          title="The schedule could not be loaded"
          message={entry.error ?? ''}
          onRetry={() => void actions.load(configName)}
        />
      );
    return <LoadingState label="Loading the schedule…" />;
  }
  return <ScheduleView configName={configName} schedule={entry.value} />;
}

function ScheduleView({ configName, schedule }: { configName: string; schedule: AgentScheduleView }) {
  const actions = useScheduleStore(scheduleSelectors.actions);
  const { timeZone } = schedule;
  const [view, setView] = useState<TimelineView>('day');
  const [anchor, setAnchor] = useState(() => localDateOf(new Date(), timeZone));
  // The last editing stays drawn while the modal closes, so its title and form do not flash.
  const [editing, setEditing] = useState<Editing | null>(null);
  const [editorOpen, setEditorOpen] = useState(false);
  const days = useMemo(() => viewDays(view, anchor, timeZone), [view, anchor, timeZone]);
  const extension = useExtendNow(configName);

  const openEditor = (next: Editing) => {
    setEditing(next);
    setEditorOpen(true);
  };
  const openNew = (start: Date, end: Date) =>
    openEditor({ form: newActivityForm(start, end, timeZone), activity: null });
  const openActivity = (activity: ScheduleActivity) =>
    openEditor({ form: activityForm(activity, timeZone), activity });
  /** Add activity: the next whole hour today, or nine o'clock on another day shown. */
  const addFromToolbar = () => {
    const now = Date.now();
    const first = days[0]!;
    const shown = now >= first.start.getTime() && now < days[days.length - 1]!.end.getTime();
    const start = shown ? Math.ceil(now / HOUR_MS) * HOUR_MS : first.start.getTime() + 9 * HOUR_MS;
    openNew(new Date(start), new Date(start + HOUR_MS));
  };

  const editorActions = (activity: ScheduleActivity | null): ActivityEditorActions => {
    const save = (draft: Parameters<typeof actions.put>[1]) => actions.put(configName, draft);
    if (!activity) return { save };
    const next = adjacentNext(schedule.activities, activity);
    return {
      save,
      remove: () => actions.remove(configName, activity.id),
      // Reaching to the next one's end covers it, and the runtime drops a covered activity.
      ...(next
        ? { mergeNext: { next, run: () => actions.put(configName, { ...activity, end: next.end }) } }
        : {}),
    };
  };

  return (
    <Stack gap="md">
      <ScheduleToolbar
        timeZone={timeZone}
        title={viewTitle(days)}
        view={view}
        onView={setView}
        onStep={(step) => setAnchor((current) => shiftAnchor(view, current, step))}
        onToday={() => setAnchor(localDateOf(new Date(), timeZone))}
        onAdd={addFromToolbar}
        extra={
          <ExtendNowButton
            running={extension.run?.state === 'running'}
            lastExtendedAt={schedule.lastExtendedAt}
            onStart={() => void extension.start()}
          />
        }
      />
      <ExtendNowOutcome run={extension.run} onDismiss={extension.dismiss} />
      {schedule.activities.length === 0 && (
        <Text size="sm" c="dimmed">
          No activities yet. The agent plans them from its Daily Schedule as its days go by; click free time
          or Add activity to plan one yourself.
        </Text>
      )}
      <ScheduleTimeline
        agent={configName}
        days={days}
        schedule={schedule}
        handlers={{ onOpen: openActivity, onAdd: openNew }}
      />
      <ScheduleLegend />
      <Modal
        opened={editorOpen}
        onClose={() => setEditorOpen(false)}
        title={editing?.activity ? `Edit “${editing.activity.name}”` : 'New activity'}
        size="lg"
      >
        {editing && (
          <ActivityEditor
            initial={editing.form}
            timeZone={timeZone}
            activityId={editing.activity?.id}
            actions={editorActions(editing.activity)}
            onDone={() => setEditorOpen(false)}
          />
        )}
      </Modal>
    </Stack>
  );
}
