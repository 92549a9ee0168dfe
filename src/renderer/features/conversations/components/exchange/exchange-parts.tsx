import { ActionIcon, CopyButton, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A figure of an exchange: a small caption over a monospaced value. */
export function Stat({ label, value, hint }: { label: string; value: ReactNode; hint?: string | undefined }) {
  return (
    <div className="pg-stat">
      <Text size="10px" fw={650} c="dimmed" tt="uppercase" lts={0.4}>
        {label}
      </Text>
      <Text size="sm" fw={600} ff="monospace" title={hint}>
        {value}
      </Text>
    </div>
  );
}

/** A titled part of an exchange view, a landmark of its own. */
export function Block({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Stack gap={6} component="section" aria-label={title}>
      <Group justify="space-between" gap="xs">
        <Title order={3} fz="xs" fw={650} c="dimmed" tt="uppercase" lts={0.4}>
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Stack>
  );
}

export function CopyIcon({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : label}>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            size="sm"
            aria-label={label}
            onClick={copy}
          >
            {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}
