import { Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';

/** A page's title (also the window title), a line of context, and its actions on the right. */
export function PageHeader({
  title,
  description,
  actions,
  documentTitle,
  before,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /** The window title; defaults to `title` when that is plain text. */
  documentTitle?: string;
  before?: ReactNode;
}) {
  const windowTitle = documentTitle ?? (typeof title === 'string' ? title : undefined);
  useEffect(() => {
    document.title = windowTitle ? `${windowTitle} · Troupe` : 'Troupe';
  }, [windowTitle]);

  return (
    <Stack gap={6} mb="lg">
      {before}
      <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
        <Stack gap={4} miw={0}>
          <Title order={1} fz={26} fw={650} lh={1.2}>
            {title}
          </Title>
          {description && (
            <Text c="dimmed" size="sm" component="div">
              {description}
            </Text>
          )}
        </Stack>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
    </Stack>
  );
}
