import { Group, Loader, Paper, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { sessionSelectors, useSessionStore } from '../features/session/store';

/** Shown while the WebSocket to the server is down; the transport reconnects on its own. */
export function ConnectionBanner() {
  const connection = useSessionStore(sessionSelectors.connection);
  if (connection !== 'reconnecting') return null;
  return (
    <Paper
      role="status"
      aria-live="polite"
      radius={0}
      px="md"
      py={8}
      bg="var(--mantine-color-yellow-light)"
      style={{ borderBottom: '1px solid var(--mantine-color-yellow-outline)' }}
    >
      <Group gap="sm" justify="center" wrap="nowrap">
        <IconWifiOff size={16} aria-hidden />
        <Text size="sm" fw={500}>
          Connection to the Troupe server lost. Reconnecting…
        </Text>
        <Loader size={14} color="yellow" aria-hidden />
      </Group>
    </Paper>
  );
}
