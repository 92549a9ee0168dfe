import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

/** A small icon button named for assistive tech, with its name as a tooltip. */
export function IconAction({
  label,
  tooltip = label,
  icon,
  onClick,
}: {
  label: string;
  /** A shorter tooltip than the accessible name, when the name carries context. */
  tooltip?: string;
  icon: ReactNode;
  onClick: () => void;
}) {
  return (
    <Tooltip label={tooltip} openDelay={300}>
      <ActionIcon variant="subtle" color="gray" size="sm" aria-label={label} onClick={onClick}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
