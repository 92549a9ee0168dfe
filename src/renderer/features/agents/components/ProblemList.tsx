import { Group, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import type { ConfigProblem } from '../../../../shared/domain/config';
import { splitPath } from '../../../ui/format';
import { PathText } from '../../../ui/PathText';
import type { ProblemGroup } from '../model';

/** Shape and colour both tell errors from warnings; the word is there for screen readers. */
function SeverityIcon({ severity }: { severity: ConfigProblem['severity'] }) {
  const isError = severity === 'error';
  return (
    <>
      <ThemeIcon variant="light" color={isError ? 'red' : 'yellow'} size={22} radius="xl" aria-hidden>
        {isError ? <IconAlertCircle size={14} /> : <IconAlertTriangle size={14} />}
      </ThemeIcon>
      <VisuallyHidden>{isError ? 'Error:' : 'Warning:'}</VisuallyHidden>
    </>
  );
}

/** Config problems grouped by file: each with its file:line, severity and message. */
export function ProblemList({ groups }: { groups: readonly ProblemGroup[] }) {
  return (
    <Stack gap="md">
      {groups.map((group) => {
        const fileName = group.file === null ? null : splitPath(group.file).base;
        return (
          <Stack key={group.file ?? '(none)'} gap={8}>
            {group.file ? (
              <PathText path={group.file} size="xs" />
            ) : (
              <Text size="xs" c="dimmed" fw={600}>
                Not tied to a file
              </Text>
            )}
            <Stack component="ul" gap={8} m={0} p={0} style={{ listStyle: 'none' }}>
              {group.problems.map((problem) => (
                <Group
                  component="li"
                  key={`${problem.line ?? 0}:${problem.severity}:${problem.message}`}
                  gap="sm"
                  wrap="nowrap"
                  align="flex-start"
                >
                  <SeverityIcon severity={problem.severity} />
                  {fileName !== null && (
                    <Text size="xs" c="dimmed" ff="monospace" mt={3} miw={96} style={{ flexShrink: 0 }}>
                      {fileName}
                      {problem.line !== null ? `:${problem.line}` : ''}
                    </Text>
                  )}
                  <Text size="sm" style={{ minWidth: 0 }}>
                    {problem.message}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Stack>
        );
      })}
    </Stack>
  );
}
