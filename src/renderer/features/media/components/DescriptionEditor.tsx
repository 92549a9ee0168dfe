import { Box, Group, Select, Text, Textarea } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { MediaRecordView } from '../../../../shared/api/media-contract';
import { SaveStatus } from '../../memory/components/SaveStatus';
import { autoSaveField, useAutoSave } from '../../memory/components/useAutoSave';
import { mediaSelectors } from '../selectors';
import { useMediaStore } from '../store';

/** The refusal when there is nowhere to write: the config path has no directory. */
const NO_CONFIG_DIR = new Error('There is no config directory to write the description into.');

/**
 * A record's description, saved as the operator types (as a curated record): in the record's own
 * config directory, or for a cached record in the one the operator picks (the first by default).
 */
export function DescriptionEditor({
  entryKey,
  record,
  configDirs,
  footer,
}: {
  entryKey: string;
  record: MediaRecordView;
  configDirs: string[];
  /** Drawn under the field, before where edits go and how the save went. */
  footer?: ReactNode;
}) {
  const { setDescription } = useMediaStore(mediaSelectors.actions);
  const inCache = record.location.kind === 'cache';
  const [target, setTarget] = useState<string | null>(null);
  const configDir =
    record.location.kind === 'curated' ? record.location.configDir : (target ?? configDirs[0] ?? null);
  const auto = useAutoSave({
    saved: record.description ?? '',
    save: (text) => (configDir ? setDescription(entryKey, text, configDir) : Promise.reject(NO_CONFIG_DIR)),
    field: 'description',
    what: 'The description',
  });

  return (
    <div className="me-description">
      {record.failureReason && !record.description && (
        <Text size="xs" c="orange.8">
          Could not be analyzed: {record.failureReason}
        </Text>
      )}
      <Textarea
        aria-label={`Description of ${record.uniqueId}`}
        placeholder="What it shows, as the agent should be told"
        // Grows with its text by CSS: measuring each row's field in script made scrolling stutter.
        rows={2}
        classNames={{ input: 'me-description-input' }}
        size="sm"
        {...autoSaveField(auto)}
      />
      <Group gap="xs" wrap="wrap" mih={26}>
        {footer}
        {inCache && (
          <Group gap={6} wrap="nowrap" miw={0}>
            <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
              Edits go to
            </Text>
            <Select
              size="xs"
              aria-label={`Config directory for the description of ${record.uniqueId}`}
              data={configDirs}
              value={configDir}
              onChange={setTarget}
              allowDeselect={false}
              comboboxProps={{ width: 'target', withinPortal: true }}
              miw={0}
              style={{ flex: 1, maxWidth: 360 }}
            />
          </Group>
        )}
        <Box ml="auto">
          <SaveStatus saving={auto.saving} savedAt={auto.savedAt} />
        </Box>
      </Group>
    </div>
  );
}
