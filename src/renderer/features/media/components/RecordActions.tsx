import { Alert, Button, Group, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconFolderShare, IconSparkles, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { MediaRecordView } from '../../../../shared/api/media-contract';
import { ConfirmAction } from '../../../ui/ConfirmAction';
import { moveTargetsOf } from '../model';
import { mediaSelectors } from '../selectors';
import { useMediaStore } from '../store';

function useRecordWork(entryKey: string) {
  return useMediaStore(useMemo(() => mediaSelectors.work(entryKey), [entryKey]));
}

function deleteQuestion(record: MediaRecordView): string {
  return record.location.kind === 'cache'
    ? 'Delete the cached description and its file? The media model describes it again when an agent next sees it.'
    : `Delete this curated record and its file from ${record.location.configDir}? Agents fall back to the cache or the media model.`;
}

/** Describe again, move to another config directory, delete. */
export function RecordActions({
  entryKey,
  record,
  configDirs,
}: {
  entryKey: string;
  record: MediaRecordView;
  configDirs: string[];
}) {
  const work = useRecordWork(entryKey);
  const { describeAgain, move, remove } = useMediaStore(mediaSelectors.actions);
  const { location } = record;
  const targets = moveTargetsOf(location, configDirs);
  const busy = work.running !== null;

  return (
    <Group gap={6} wrap="wrap">
      <Button
        size="compact-xs"
        variant="default"
        leftSection={<IconSparkles size={13} aria-hidden />}
        loading={work.running === 'describe'}
        disabled={busy || !record.hasFile}
        title={record.hasFile ? undefined : 'Troupe has no copy of the file to show the model.'}
        onClick={() => void describeAgain(entryKey)}
      >
        Describe again
      </Button>
      <Menu
        position="bottom-start"
        withinPortal
        styles={{ dropdown: { maxWidth: 'min(40rem, calc(100vw - 2rem))' } }}
      >
        <Menu.Target>
          <Button
            size="compact-xs"
            variant="default"
            leftSection={<IconFolderShare size={13} aria-hidden />}
            rightSection={<IconChevronDown size={12} aria-hidden />}
            loading={work.running === 'move'}
            disabled={busy || targets.length === 0}
          >
            Move to…
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Into the config directory</Menu.Label>
          {/* A long path by its distinctive end, as the directory picker shows it; whole under it. */}
          {targets.map(({ configDir, label }) => (
            <Menu.Item
              key={configDir}
              aria-label={configDir}
              title={configDir}
              onClick={() => void move(entryKey, configDir)}
            >
              <Text size="sm">{label}</Text>
              {label !== configDir && (
                <Text size="xs" c="dimmed" ff="monospace" className="troupe-path">
                  {configDir}
                </Text>
              )}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <ConfirmAction
        label={`Delete the record ${record.uniqueId}`}
        icon={<IconTrash size={15} aria-hidden />}
        question={deleteQuestion(record)}
        confirmLabel="Delete"
        onConfirm={() => remove(entryKey)}
      />
    </Group>
  );
}

/** Why the runtime refused the last action on the record, until dismissed. */
export function RecordProblem({ entryKey }: { entryKey: string }) {
  const { problem } = useRecordWork(entryKey);
  const { clearProblem } = useMediaStore(mediaSelectors.actions);
  if (!problem) return null;
  return (
    <Alert
      role="alert"
      color="red"
      variant="light"
      p={6}
      pl="sm"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => clearProblem(entryKey)}
    >
      {problem}
    </Alert>
  );
}
