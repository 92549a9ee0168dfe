import { ActionIcon, Button, Popover, SimpleGrid, Stack, UnstyledButton } from '@mantine/core';
import { IconMoodSmile } from '@tabler/icons-react';
import { useState } from 'react';

/**
 * A button that opens a grid of reaction emoji; picking one (or removing the current) closes it.
 * Its hint shows through the HintLayer around it.
 */
export function ReactionPicker({
  emojis,
  current,
  onPick,
  label = 'React',
}: {
  emojis: readonly string[];
  current: string | null;
  onPick: (emoji: string | null) => void;
  label?: string;
}) {
  const [opened, setOpened] = useState(false);
  const pick = (emoji: string | null) => {
    setOpened(false);
    onPick(emoji);
  };
  return (
    <Popover opened={opened} onChange={setOpened} position="top" shadow="md" trapFocus returnFocus withArrow>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          radius="xl"
          aria-label={label}
          data-hint={opened ? undefined : label}
          aria-expanded={opened}
          aria-haspopup="dialog"
          onClick={() => setOpened((value) => !value)}
        >
          <IconMoodSmile size={16} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={6} aria-label="Reactions">
        <Stack gap={4}>
          <SimpleGrid cols={6} spacing={2} verticalSpacing={2}>
            {emojis.map((emoji) => (
              <UnstyledButton
                key={emoji}
                aria-label={`React with ${emoji}`}
                aria-pressed={current === emoji}
                onClick={() => pick(current === emoji ? null : emoji)}
                fz={22}
                w={34}
                h={34}
                ta="center"
                className="tc-emoji-button"
              >
                {emoji}
              </UnstyledButton>
            ))}
          </SimpleGrid>
          {current && (
            <Button size="compact-xs" variant="subtle" color="gray" onClick={() => pick(null)}>
              Remove my {current}
            </Button>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
