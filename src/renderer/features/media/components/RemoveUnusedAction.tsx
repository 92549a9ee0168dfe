import { Button, Group, NumberInput, Popover, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrashX } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/errors';
import { pluralize } from '../../../ui/format';
import { mediaSelectors } from '../selectors';
import { useMediaStore } from '../store';

const DEFAULT_DAYS = 30;

/** Tidies the description cache: removes what no prompt has shown for a number of days, after asking. */
export function RemoveUnusedAction() {
  const { removeUnused } = useMediaStore(mediaSelectors.actions);
  const [opened, setOpened] = useState(false);
  const [days, setDays] = useState<number | string>(DEFAULT_DAYS);
  const [running, setRunning] = useState(false);
  const valid = typeof days === 'number' && Number.isInteger(days) && days >= 1;

  const run = async () => {
    if (!valid) return;
    setRunning(true);
    try {
      const removed = await removeUnused(days);
      notifications.show({
        color: 'teal',
        title: removed > 0 ? 'Unused cached media removed' : 'Nothing to remove',
        message:
          removed > 0
            ? `${pluralize(removed, 'cached description')} and their files are gone.`
            : `Every cached description was used in the last ${pluralize(days, 'day')}.`,
      });
      setOpened(false);
    } catch (error) {
      notifications.show({ color: 'red', title: 'Nothing was removed', message: errorMessage(error) });
    } finally {
      setRunning(false);
    }
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconTrashX size={16} aria-hidden />}
          onClick={() => setOpened((open) => !open)}
        >
          Remove unused…
        </Button>
      </Popover.Target>
      <Popover.Dropdown maw={320} role="dialog" aria-label="Remove unused cached media">
        <Stack gap="sm">
          <Text size="sm">
            Remove cached descriptions (and their files) that no prompt has shown for a while. Curated records
            and what agents keep in Saved Messages stay.
          </Text>
          <NumberInput
            label="Unused for at least (days)"
            min={1}
            max={3650}
            allowDecimal={false}
            value={days}
            onChange={setDays}
            error={valid ? null : 'A whole number of days, 1 or more.'}
          />
          <Group gap="xs" justify="flex-end">
            <Button size="compact-sm" variant="default" disabled={running} onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button
              size="compact-sm"
              color="red"
              loading={running}
              disabled={!valid}
              onClick={() => void run()}
            >
              Remove
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
