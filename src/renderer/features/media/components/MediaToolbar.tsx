import { CloseButton, Group, Select, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo } from 'react';
import { MEDIA_FILTERS, type MediaDirectory } from '../../../../shared/api/media-contract';
import { FilterChips } from '../../../ui/FilterChips';
import { pluralize } from '../../../ui/format';
import { FILTER_LABELS, locationKey, locationOfKey } from '../model';
import { mediaSelectors } from '../selectors';
import { useMediaStore } from '../store';

/** The directory picker's choices: everything, each config directory, the cache; with counts. */
function directoryChoices(directories: readonly MediaDirectory[]) {
  const total = directories.reduce((sum, directory) => sum + directory.count, 0);
  return [
    { value: 'all', label: `All directories (${total})` },
    ...directories.map((directory) => ({
      value: locationKey(directory.location),
      label: `${directory.label} (${directory.count})`,
    })),
  ];
}

function CountLine() {
  const list = useMediaStore(mediaSelectors.list);
  if (list.status !== 'ready') return null;
  const shown = list.entries.length;
  return (
    <Text size="sm" c="dimmed" role="status" aria-live="polite">
      {shown < list.total
        ? `Showing ${shown.toLocaleString()} of ${list.total.toLocaleString()} records`
        : pluralize(list.total, 'record')}
    </Text>
  );
}

/** Which records: the directory, the type, and words to search for; stays in view while scrolling (not on a phone, where it would take a third of the screen). */
export function MediaToolbar() {
  const query = useMediaStore(mediaSelectors.query);
  const directories = useMediaStore(mediaSelectors.directories);
  const { setLocation, setFilter, setSearch } = useMediaStore(mediaSelectors.actions);
  const choices = useMemo(() => directoryChoices(directories.value), [directories.value]);

  return (
    <div className="me-toolbar">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Directory"
          data={choices}
          value={locationKey(query.location)}
          onChange={(value) => setLocation(locationOfKey(value ?? 'all'))}
          allowDeselect={false}
          w={{ base: '100%', sm: 380 }}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label="Search"
          placeholder="Id, sticker set, emoji or words of the description"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query.search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          rightSection={
            query.search !== '' ? (
              <CloseButton size="sm" aria-label="Clear search" onClick={() => setSearch('')} />
            ) : null
          }
          style={{ flex: 1 }}
          miw={220}
        />
      </Group>
      <Group gap="sm" justify="space-between" wrap="wrap">
        <FilterChips
          label="Type"
          options={MEDIA_FILTERS}
          labels={FILTER_LABELS}
          value={query.filter}
          onChange={setFilter}
        />
        <CountLine />
      </Group>
    </div>
  );
}
