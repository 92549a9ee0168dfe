import { Badge, Group, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A titled part of the conversation's Memory panel, with a count and actions on its title row. */
export function PanelSection({
  title,
  count,
  actions,
  children,
}: {
  title: string;
  count?: number | undefined;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" gap="xs" wrap="nowrap" mih={26}>
        <Group gap={6} wrap="nowrap">
          <Title order={3} id={headingId} fz="sm" fw={650}>
            {title}
          </Title>
          {count !== undefined && count > 0 && (
            <Badge size="xs" variant="light" color="gray" circle aria-hidden>
              {count}
            </Badge>
          )}
        </Group>
        {actions && (
          <Group gap={4} wrap="nowrap">
            {actions}
          </Group>
        )}
      </Group>
      {children}
    </Stack>
  );
}
