import { Group, Select, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useMemo } from 'react';
import { configDirLabel } from '../model';

/**
 * Which config directory edits are written into, as a curated record. A long path shows by its
 * distinctive end (`…/troupe/configdir`), whole on hover and in the list to pick from.
 */
export function ConfigDirSelect({
  label,
  caption = 'Edits go to',
  configDirs,
  value,
  onChange,
  width = 260,
}: {
  /** The select's accessible name. */
  label: string;
  /** The words before it. */
  caption?: string;
  configDirs: string[];
  value: string | null;
  onChange: (configDir: string) => void;
  /** The select's width where the row leaves it room (it goes under the caption, and shrinks, on narrow screens). */
  width?: number;
}) {
  const data = useMemo(
    () => configDirs.map((dir) => ({ value: dir, label: configDirLabel(dir, configDirs) })),
    [configDirs],
  );
  return (
    // On a narrow row the select goes under its caption, with the row's whole width for the path.
    <Group gap={6} wrap="wrap" miw={0}>
      <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
        {caption}
      </Text>
      <Select
        size="xs"
        aria-label={label}
        title={value ?? undefined}
        data={data}
        value={value}
        onChange={(dir) => dir && onChange(dir)}
        allowDeselect={false}
        placeholder="No config directory"
        renderOption={({ option, checked }) => (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconCheck
              size={12}
              aria-hidden
              style={{ flex: 'none', marginTop: 2, opacity: checked ? 1 : 0 }}
            />
            <span style={{ overflowWrap: 'anywhere' }}>{option.value}</span>
          </Group>
        )}
        comboboxProps={{ width: 'max-content', position: 'bottom-start', withinPortal: true }}
        styles={{
          input: { textOverflow: 'ellipsis' },
          dropdown: { maxWidth: 'min(40rem, calc(100vw - 2rem))' },
        }}
        miw={0}
        w={width}
        style={{ flex: '1 1 auto', maxWidth: width }}
      />
    </Group>
  );
}
