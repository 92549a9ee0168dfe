import { Badge, Group, Text } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import type { TaskNodeView } from '../../../../../shared/domain/tasks';
import { formatSeconds, taskIntent } from '../../model';
import { WaitCountdown } from './WaitCountdown';

/** What a task will do, in one or two lines: its words, sticker, emoji, wait or trigger. */
export function TaskIntentLine({ task, live }: { task: TaskNodeView; live: boolean }) {
  const intent = taskIntent(task);
  switch (intent.kind) {
    case 'text':
      return (
        <Text size="xs" lineClamp={2} lh={1.35} title={intent.text}>
          “{intent.text}”
        </Text>
      );
    case 'sticker':
      return (
        <Text size="xs" truncate>
          <Text span inherit fz={16} lh={1} aria-label={`Sticker ${intent.name}`}>
            {intent.name}
          </Text>{' '}
          from{' '}
          <Text span inherit ff="monospace">
            {intent.set}
          </Text>
        </Text>
      );
    case 'emoji':
      return (
        <Text size="xs" truncate>
          <Text span fz={16} lh={1} aria-label={`Emoji ${intent.emoji}`}>
            {intent.emoji}
          </Text>
          {intent.messageId !== null && <> on #{intent.messageId}</>}
        </Text>
      );
    case 'wait':
      return (
        <Group gap={4} wrap="wrap">
          {intent.delaySeconds !== null && (
            <Badge size="sm" variant="default" leftSection={<IconHourglass size={11} aria-hidden />}>
              {formatSeconds(intent.delaySeconds)}
            </Badge>
          )}
          <WaitCountdown task={task} live={live} />
          {intent.flags.map((flag) => (
            <Badge key={flag} size="sm" variant="dot" color="grape">
              {flag}
            </Badge>
          ))}
        </Group>
      );
    case 'trigger':
      return (
        <Text size="xs" lineClamp={2} lh={1.35}>
          {intent.words}
        </Text>
      );
    case 'other':
      return intent.words ? (
        <Text size="xs" truncate>
          {intent.words}
        </Text>
      ) : null;
  }
}
