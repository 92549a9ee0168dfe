import { ActionIcon, Button, Group, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { type ReactNode, useState } from 'react';

/**
 * An icon button for an action that cannot be undone (delete, retract): it asks first, in a
 * small popover next to it, and shows the action running until it is done.
 */
export function ConfirmAction({
  label,
  icon,
  question,
  confirmLabel,
  dismissLabel = 'Cancel',
  onConfirm,
  text,
}: {
  /** The button's accessible name and tooltip ("Delete this memory"). */
  label: string;
  icon: ReactNode;
  question: ReactNode;
  confirmLabel: string;
  /** The button that leaves things as they are, where "Cancel" would read as the action itself. */
  dismissLabel?: string;
  /** Runs the action; failures are the caller's to report. */
  onConfirm: () => Promise<unknown>;
  /** Draws a small labelled button instead of the icon alone, for an action that needs its words. */
  text?: string;
}) {
  const [opened, setOpened] = useState(false);
  const [running, setRunning] = useState(false);

  const confirm = async () => {
    setRunning(true);
    try {
      await onConfirm();
    } finally {
      setRunning(false);
      setOpened(false);
    }
  };

  return (
    // Shown even while its button is out of sight: a graph card's button can be opened by keyboard
    // as the view is still panning to it, and a hidden question would stay hidden once it is there.
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      withArrow
      shadow="md"
      trapFocus
      hideDetached={false}
    >
      <Popover.Target>
        <Tooltip label={label} openDelay={300} disabled={opened}>
          {text ? (
            <Button
              variant="subtle"
              color="gray"
              size="compact-xs"
              leftSection={icon}
              aria-label={label}
              onClick={() => setOpened((open) => !open)}
            >
              {text}
            </Button>
          ) : (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={label}
              onClick={() => setOpened((open) => !open)}
            >
              {icon}
            </ActionIcon>
          )}
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown maw={280} role="dialog" aria-label={label}>
        <Stack gap="sm">
          <Text size="sm">{question}</Text>
          <Group gap="xs" justify="flex-end">
            <Button size="compact-sm" variant="default" disabled={running} onClick={() => setOpened(false)}>
              {dismissLabel}
            </Button>
            <Button size="compact-sm" color="red" loading={running} onClick={() => void confirm()}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
