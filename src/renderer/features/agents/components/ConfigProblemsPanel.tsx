import { Badge, Button, Collapse, Group, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconCircleCheck } from '@tabler/icons-react';
import { useId, useMemo } from 'react';
import type { ConfigProblem } from '../../../../shared/domain/config';
import { pluralize } from '../../../ui/format';
import { countBySeverity, groupProblemsByFile } from '../model';
import { ProblemList } from './ProblemList';

/** Every problem the last config load found, grouped by file; open by default when any is an error. */
export function ConfigProblemsPanel({ problems }: { problems: readonly ConfigProblem[] }) {
  const groups = useMemo(() => groupProblemsByFile(problems), [problems]);
  const { errors, warnings } = countBySeverity(problems);
  const [opened, { toggle }] = useDisclosure(errors > 0);
  const headingId = useId();
  const listId = useId();

  if (problems.length === 0) {
    return (
      <Paper withBorder radius="md" px="md" py="sm" component="section" aria-labelledby={headingId}>
        <Group gap="sm">
          <ThemeIcon variant="light" color="teal" radius="xl" size={26} aria-hidden>
            <IconCircleCheck size={16} />
          </ThemeIcon>
          <Title order={2} id={headingId} fz="sm" fw={600}>
            No configuration problems
          </Title>
        </Group>
      </Paper>
    );
  }

  return (
    <Paper withBorder radius="md" px="md" py="sm" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm">
          <Title order={2} id={headingId} fz="sm" fw={600}>
            Configuration problems
          </Title>
          {errors > 0 && (
            <Badge color="red" variant="light" size="sm" tt="none">
              {pluralize(errors, 'error')}
            </Badge>
          )}
          {warnings > 0 && (
            <Badge color="yellow" variant="light" size="sm" tt="none">
              {pluralize(warnings, 'warning')}
            </Badge>
          )}
        </Group>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={toggle}
          aria-expanded={opened}
          aria-controls={listId}
          rightSection={
            <IconChevronDown
              size={14}
              aria-hidden
              style={{ transform: opened ? 'rotate(180deg)' : undefined, transition: 'transform 150ms ease' }}
            />
          }
        >
          {opened ? 'Hide' : 'Show'}
        </Button>
      </Group>
      <Collapse expanded={opened} id={listId}>
        <Text size="xs" c="dimmed" mt="xs" mb="sm">
          Fix these in the files below: Troupe reads a file again as soon as it is saved, and this list
          follows.
        </Text>
        <ProblemList groups={groups} />
      </Collapse>
    </Paper>
  );
}
