import { Paper, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A titled card that is also a landmark (`region`) named by its title. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="lg">
      <Title order={2} id={headingId} fz="md" fw={650} mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
