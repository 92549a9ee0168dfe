import { Box, Group, Text } from '@mantine/core';
import { IconAlarm, IconMoon } from '@tabler/icons-react';
import { responsivenessLook } from '../model/responsiveness';

function Swatch({ background, accent }: { background: string; accent: string }) {
  return (
    <Box
      aria-hidden
      style={{ width: 14, height: 14, borderRadius: 3, background, borderLeft: `3px solid ${accent}` }}
    />
  );
}

/** What the timeline's shades and marks mean. */
export function ScheduleLegend() {
  const slow = responsivenessLook(10);
  const quick = responsivenessLook(100);
  const asleep = responsivenessLook(0);
  return (
    <Group gap="md" wrap="wrap" aria-label="Legend">
      <Group gap={6} wrap="nowrap">
        <Swatch {...slow} />
        <Swatch {...quick} />
        <Text size="xs" c="dimmed">
          Responsiveness 1–100: the darker, the sooner it answers (4 s at 100, 2 min at 1)
        </Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        <Swatch {...asleep} />
        <IconMoon size={14} aria-hidden color="var(--mantine-color-indigo-filled)" />
        <Text size="xs" c="dimmed">
          Asleep (0): answers once awake
        </Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        <IconAlarm size={14} aria-hidden color="var(--mantine-color-grape-filled)" />
        <Text size="xs" c="dimmed">
          Scheduled event
        </Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        <Box aria-hidden style={{ width: 14, borderTop: '2px solid var(--mantine-color-red-filled)' }} />
        <Text size="xs" c="dimmed">
          Now
        </Text>
      </Group>
    </Group>
  );
}
