import { ActionIcon, Alert, Button, Group, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import type { MediaLocation } from '../../../../shared/api/media-contract';
import { useApiForm } from '../../memory/components/useApiForm';
import { locationLabel } from '../model';
import { mediaSelectors } from '../selectors';
import { useMediaStore } from '../store';

function question(location: MediaLocation, setName: string | null): string {
  const which = setName === null ? 'every record' : `every record of the set ${setName}`;
  return `Ask the media model to describe ${which} in ${locationLabel(location)} that has no description yet? It runs in the background; each file is a call to the model.`;
}

/**
 * Describes, as a job, every record of a directory (or of one sticker set in it) that has no
 * description, after asking: each is a paid call to the media model.
 */
export function DescribeMissingAction({
  location,
  setName = null,
}: {
  location: MediaLocation;
  setName?: string | null;
}) {
  const { startJob } = useMediaStore(mediaSelectors.actions);
  const [opened, setOpened] = useState(false);
  const starting = useApiForm();
  const label = setName === null ? 'Describe all missing' : `Describe what is missing in ${setName}`;
  const toggle = () => setOpened((open) => !open);
  const problem = starting.formError ?? Object.values(starting.errors)[0] ?? null;

  const start = () =>
    starting.submit(
      () => startJob({ kind: 'describe-missing', location, setName }),
      () => setOpened(false),
    );

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position={setName === null ? 'bottom-end' : 'bottom-start'}
      withArrow
      shadow="md"
      trapFocus
    >
      <Popover.Target>
        {setName === null ? (
          <Button variant="default" leftSection={<IconSparkles size={16} aria-hidden />} onClick={toggle}>
            Describe all missing…
          </Button>
        ) : (
          <Tooltip label={label} openDelay={300} disabled={opened}>
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label={label} onClick={toggle}>
              <IconSparkles size={15} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
      </Popover.Target>
      <Popover.Dropdown maw={340} role="dialog" aria-label={label}>
        <Stack gap="sm">
          <Text size="sm">{question(location, setName)}</Text>
          {problem && (
            <Alert role="alert" color="red" variant="light" p="xs" title="Not started">
              {problem}
            </Alert>
          )}
          <Group gap="xs" justify="flex-end">
            <Button
              size="compact-sm"
              variant="default"
              disabled={starting.saving}
              onClick={() => setOpened(false)}
            >
              Cancel
            </Button>
            <Button size="compact-sm" loading={starting.saving} onClick={() => void start()}>
              Describe
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The page's action: on the directory shown; with every directory shown, it says to pick one. */
export function DescribeAllMissingAction() {
  const { location } = useMediaStore(mediaSelectors.query);
  if (location) return <DescribeMissingAction location={location} />;
  return (
    <Tooltip label="Choose a directory first: the job describes one at a time">
      <span>
        <Button variant="default" leftSection={<IconSparkles size={16} aria-hidden />} disabled>
          Describe all missing…
        </Button>
      </span>
    </Tooltip>
  );
}
