/** The calendar date an instant falls on in a zone, as YYYY-MM-DD. */
export function dateIn(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/**
 * Waits, when the agent's midnight is less than `marginMs` away, until it has passed. An
 * end-to-end test of what an agent may do "today" runs on the real clock: one that straddles the
 * agent's midnight would see its day, and what it spent that day, change under it.
 */
export async function clearOfMidnight(timeZone: string, marginMs = 60_000): Promise<void> {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date());
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((each) => each.type === type)?.value);
  const untilMidnightMs = (24 * 3600 - part('hour') * 3600 - part('minute') * 60 - part('second')) * 1000;
  if (untilMidnightMs < marginMs)
    await new Promise((resolve) => setTimeout(resolve, untilMidnightMs + 1_000));
}
