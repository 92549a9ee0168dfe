import { Group, Select, Text } from '@mantine/core';

/** Which config directory edits are written into, as a curated record. */
export function ConfigDirSelect({
  label,
  caption = 'Edits go to',
  configDirs,
  value,
  onChange,
  width,
}: {
  /** The select's accessible name. */
  label: string;
  /** The words before it. */
  caption?: string;
  configDirs: string[];
  value: string | null;
  onChange: (configDir: string) => void;
  /** The select's width where the row leaves it room (it shrinks on narrow screens). */
  width?: number;
}) {
  return (
    <Group gap={6} wrap="nowrap" miw={0}>
      <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
        {caption}
      </Text>
      <Select
        size="xs"
        aria-label={label}
        data={configDirs}
        value={value}
        onChange={(dir) => dir && onChange(dir)}
        allowDeselect={false}
        placeholder="No config directory"
        comboboxProps={{ width: 'target', withinPortal: true }}
        miw={0}
        w={width}
        style={{ flex: 1, maxWidth: width ?? 360 }}
      />
    </Group>
  );
}
