import { Badge, Tooltip } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { TaskNodeView } from '../../../../../shared/domain/tasks';
import { formatDateTime } from '../../../../ui/format';
import { formatCountdown, waitRemainingMs } from '../../model';

/** A wait's time left to its deadline, ticking every second while it runs in the live plan. */
export function WaitCountdown({ task, live }: { task: TaskNodeView; live: boolean }) {
  const [now, setNow] = useState(() => Date.now());
  const remaining = waitRemainingMs(task, now);
  const running = live && remaining !== null && remaining > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  if (remaining === null || task.waitUntil === null) return null;
  const left = formatCountdown(remaining);
  return (
    <Tooltip label={`Until ${formatDateTime(task.waitUntil)}`}>
      <Badge
        size="sm"
        variant="outline"
        color="blue"
        leftSection={<IconClock size={12} aria-hidden />}
        role="timer"
        aria-label={`${left} left`}
        ff="monospace"
        tabIndex={0}
      >
        {left}
      </Badge>
    </Tooltip>
  );
}
