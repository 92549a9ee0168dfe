import { addDays, isoLocalDate, localDateTime, zonedInstant } from '../../clock';

/** Reflection runs once the agent's night has begun: at this local hour. */
export const REFLECTION_HOUR = 2;

export interface ReflectionNight {
  /** The agent's local date the night belongs to (YYYY-MM-DD). */
  date: string;
  /** When it began: REFLECTION_HOUR on that date in the agent's zone. */
  startedAt: Date;
}

/**
 * The latest night that has begun by `now` for an agent in `timeZone`: today's once it is past
 * the reflection hour there, else yesterday's. Messages sent before its start are that night's
 * to reflect on.
 */
export function latestNight(now: Date, timeZone: string): ReflectionNight {
  const local = localDateTime(now, timeZone);
  const date = local.hour >= REFLECTION_HOUR ? local : addDays(local, -1);
  return { date: isoLocalDate(date), startedAt: zonedInstant(date, timeZone, REFLECTION_HOUR) };
}
