import { Text } from '@mantine/core';
import { useNow } from '../../../ui/RelativeTime';
import { clockTime } from '../model/timeline';

/** The agent's wall clock, ticking every second: what "now" is where it lives. */
export function LiveClock({ timeZone }: { timeZone: string }) {
  const now = useNow(1_000);
  return (
    <Text span ff="monospace" fw={600} aria-live="off" data-live-clock>
      {clockTime(now, timeZone, true)}
    </Text>
  );
}
