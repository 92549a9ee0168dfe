import type { ScheduleEventMark } from '../../../../shared/api/schedule-contract';
import type { ScheduleActivity } from '../../../../shared/domain/schedule';
import {
  addDays,
  isoLocalDate,
  type LocalDate,
  localDateTime,
  zonedInstant,
} from '../../../../shared/domain/zoned-time';

/**
 * The schedule laid out as calendar days in the agent's zone. Positions are wall-clock minutes
 * from local midnight, as a paper diary draws them: every day column has 24 equal hours, so the
 * week's rows line up; a daylight-saving day's skipped hour is simply never covered, and its
 * repeated hour draws twice over the same rows.
 */

export const MINUTES_PER_DAY = 24 * 60;
/** Free time shorter than this is not drawn as a gap: a rounding seam between activities. */
const SHORTEST_GAP_MINUTES = 5;

export type TimelineView = 'day' | 'week';

/** A local day in the agent's zone and the instants it runs between (23 to 25 hours apart). */
export interface TimelineDay {
  /** `YYYY-MM-DD`. */
  date: string;
  local: LocalDate;
  start: Date;
  end: Date;
}

/** An activity's part within one day. */
export interface ActivitySegment {
  kind: 'activity';
  activity: ScheduleActivity;
  /** Wall-clock minutes from the day's midnight, 0 to 1440. */
  fromMinute: number;
  toMinute: number;
  /** It began on an earlier day / goes on past this day's end. */
  continuesBefore: boolean;
  continuesAfter: boolean;
}

/** A stretch of the day no activity covers. */
export interface GapSegment {
  kind: 'gap';
  start: Date;
  end: Date;
  fromMinute: number;
  toMinute: number;
}

export type DaySegment = ActivitySegment | GapSegment;

/** An event's marker within one day. */
export interface EventMarker {
  event: ScheduleEventMark;
  minute: number;
}

export function parseLocalDate(date: string): LocalDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

/** The local date an instant falls on in the zone, `YYYY-MM-DD`. */
export function localDateOf(instant: Date, timeZone: string): string {
  return isoLocalDate(localDateTime(instant, timeZone));
}

export function timelineDay(date: string, timeZone: string): TimelineDay {
  const local = parseLocalDate(date);
  return {
    date,
    local,
    start: zonedInstant(local, timeZone),
    end: zonedInstant(addDays(local, 1), timeZone),
  };
}

/** The days a view shows around `anchor`: the day itself, or its week from Monday. */
export function viewDays(view: TimelineView, anchor: string, timeZone: string): TimelineDay[] {
  if (view === 'day') return [timelineDay(anchor, timeZone)];
  const local = parseLocalDate(anchor);
  const weekday = new Date(Date.UTC(local.year, local.month - 1, local.day)).getUTCDay();
  const monday = addDays(local, -((weekday + 6) % 7));
  return Array.from({ length: 7 }, (_, index) => timelineDay(isoLocalDate(addDays(monday, index)), timeZone));
}

/** The anchor one view's step away: a day or a week, back (`-1`) or on (`1`). */
export function shiftAnchor(view: TimelineView, anchor: string, step: -1 | 1): string {
  return isoLocalDate(addDays(parseLocalDate(anchor), step * (view === 'day' ? 1 : 7)));
}

/** Wall-clock minutes from `day`'s midnight to `instant`, clamped to the day. */
export function minuteOfDay(instant: Date, day: TimelineDay, timeZone: string): number {
  if (instant.getTime() <= day.start.getTime()) return 0;
  if (instant.getTime() >= day.end.getTime()) return MINUTES_PER_DAY;
  const local = localDateTime(instant, timeZone);
  return local.hour * 60 + local.minute + local.second / 60;
}

/** The day's activities cut to its bounds, with the free time between them, in order. */
export function daySegments(
  activities: readonly ScheduleActivity[],
  day: TimelineDay,
  timeZone: string,
): DaySegment[] {
  const from = day.start.getTime();
  const to = day.end.getTime();
  const segments: DaySegment[] = [];
  let covered = from;
  const addGap = (until: number) => {
    const fromMinute = minuteOfDay(new Date(covered), day, timeZone);
    const toMinute = minuteOfDay(new Date(until), day, timeZone);
    if (toMinute - fromMinute >= SHORTEST_GAP_MINUTES) {
      segments.push({ kind: 'gap', start: new Date(covered), end: new Date(until), fromMinute, toMinute });
    }
  };
  for (const activity of activities) {
    const start = Date.parse(activity.start);
    const end = Date.parse(activity.end);
    if (end <= from || start >= to) continue;
    if (start > covered) addGap(start);
    segments.push({
      kind: 'activity',
      activity,
      fromMinute: minuteOfDay(new Date(Math.max(start, from)), day, timeZone),
      toMinute: minuteOfDay(new Date(Math.min(end, to)), day, timeZone),
      continuesBefore: start < from,
      continuesAfter: end > to,
    });
    covered = Math.max(covered, end);
  }
  if (covered < to) addGap(to);
  return segments;
}

/** The events due within the day, at their wall-clock minute. */
export function dayEventMarkers(
  events: readonly ScheduleEventMark[],
  day: TimelineDay,
  timeZone: string,
): EventMarker[] {
  return events
    .filter((event) => {
      const due = Date.parse(event.dueAt);
      return due >= day.start.getTime() && due < day.end.getTime();
    })
    .map((event) => ({ event, minute: minuteOfDay(new Date(event.dueAt), day, timeZone) }));
}

/** The activity right after `activity` when it starts the moment this one ends, else null: what Merge joins. */
export function adjacentNext(
  activities: readonly ScheduleActivity[],
  activity: ScheduleActivity,
): ScheduleActivity | null {
  const next = activities.find(
    (other) => other.id !== activity.id && Date.parse(other.start) === Date.parse(activity.end),
  );
  return next ?? null;
}

/** `14:30` in the zone. */
/** "08:00–12:30" on the agent's wall clock. */
function clockSpan(start: Date, end: Date, timeZone: string): string {
  return `${clockTime(start, timeZone)}–${clockTime(end, timeZone)}`;
}

/** "08:00–12:30": an activity crossing midnight shows its hours on both days. */
export function activitySpan(activity: Pick<ScheduleActivity, 'start' | 'end'>, timeZone: string): string {
  return clockSpan(new Date(activity.start), new Date(activity.end), timeZone);
}

/** A free stretch of a day in words: "07:00–09:00", or "all day" for one from midnight to midnight. */
export function gapSpan(gap: GapSegment, timeZone: string): string {
  return gap.fromMinute === 0 && gap.toMinute === MINUTES_PER_DAY
    ? 'all day'
    : clockSpan(gap.start, gap.end, timeZone);
}

export function clockTime(instant: Date, timeZone: string, withSeconds = false): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    ...(withSeconds ? { second: '2-digit' } : {}),
    hourCycle: 'h23',
  }).format(instant);
}

/** "Mon 3 Mar" for a column's head, "Monday 3 March 2026" for a day's title. */
export function dayTitle(day: TimelineDay, long: boolean): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    weekday: long ? 'long' : 'short',
    day: 'numeric',
    month: long ? 'long' : 'short',
    ...(long ? { year: 'numeric' } : {}),
  }).format(new Date(Date.UTC(day.local.year, day.local.month - 1, day.local.day)));
}

/** A view's title: the day, or the week's first and last days. */
export function viewTitle(days: readonly TimelineDay[]): string {
  const first = days[0]!;
  const last = days[days.length - 1]!;
  return days.length === 1
    ? dayTitle(first, true)
    : `${dayTitle(first, false)} – ${dayTitle(last, false)} ${last.local.year}`;
}
