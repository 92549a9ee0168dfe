import { useEffect, useState } from 'react';
import { formatDateTime, formatPastTime, formatRelativeTime } from './format';

/** The current time, refreshed every `intervalMs`, so relative times do not go stale on screen. */
export function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** "3 minutes ago" (or, for a time `upcoming`, "in 3 hours"), with the full date and time on hover. */
export function RelativeTime({ iso, upcoming = false }: { iso: string; upcoming?: boolean }) {
  const now = useNow();
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {upcoming ? formatRelativeTime(iso, now) : formatPastTime(iso, now)}
    </time>
  );
}
