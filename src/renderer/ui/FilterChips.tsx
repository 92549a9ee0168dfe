import { Button, Group, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';

/**
 * One-of-many filter buttons as rounded chips, the chosen one pressed and ticked; each may show a
 * count beside its name.
 */
export function FilterChips<T extends string>({
  label,
  options,
  labels,
  value,
  onChange,
  counts,
}: {
  /** The group's accessible name ("Show agents"). */
  label: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
  counts?: Record<T, number>;
}) {
  return (
    <Group gap={8} role="group" aria-label={label}>
      {options.map((option) => {
        const active = value === option;
        return (
          <Button
            key={option}
            size="compact-sm"
            radius="xl"
            variant={active ? 'light' : 'default'}
            fw={active ? 600 : 500}
            aria-pressed={active}
            leftSection={active ? <IconCheck size={14} aria-hidden /> : null}
            onClick={() => onChange(option)}
          >
            {labels[option]}
            {counts && (
              // The count changes with the data; the button's name stays the filter's name.
              <Text component="span" inherit c="dimmed" fw={400} ml={6} aria-hidden>
                {counts[option]}
              </Text>
            )}
          </Button>
        );
      })}
    </Group>
  );
}
