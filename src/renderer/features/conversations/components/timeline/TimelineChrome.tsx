import { ActionIcon, Avatar, Button, Center, Group, Loader, Text } from '@mantine/core';
import { IconArrowDown } from '@tabler/icons-react';
import { TypingDots } from '../../../../ui/chat/ChatLines';
import { initials } from '../../model';
import type { Timeline } from '../../store';

/** The top of the timeline: older messages loading, failing, to load, or the chat's beginning. */
export function TimelineEdge({ timeline, onLoadOlder }: { timeline: Timeline; onLoadOlder: () => void }) {
  return (
    <Center py="sm" mih={44}>
      {timeline.loadingOlder ? (
        <Loader size="sm" aria-label="Loading older messages" />
      ) : timeline.olderError ? (
        <Group gap="xs">
          <Text size="xs" c="red">
            {timeline.olderError}
          </Text>
          <Button size="compact-xs" variant="default" onClick={onLoadOlder}>
            Try again
          </Button>
        </Group>
      ) : timeline.hasMore ? (
        <Button size="compact-xs" variant="subtle" onClick={onLoadOlder}>
          Load earlier messages
        </Button>
      ) : timeline.window.ids.length > 0 ? (
        <Text size="xs" c="dimmed">
          Beginning of the conversation
        </Text>
      ) : null}
    </Center>
  );
}

export function TypingRow({ agentName }: { agentName: string }) {
  return (
    <div
      className="tc-row"
      data-side="in"
      data-run="starts"
      role="status"
      aria-label={`${agentName} is typing`}
    >
      <div className="tc-avatar-slot">
        <Avatar radius="xl" size={32} color="indigo" variant="filled" aria-hidden>
          {initials(agentName)}
        </Avatar>
      </div>
      <div className="tc-column">
        <div className="tc-bubble" style={{ padding: '9px 14px' }}>
          <TypingDots />
        </div>
      </div>
    </div>
  );
}

export function JumpToNewest({ onJump }: { onJump: () => void }) {
  return (
    <div className="pg-jump">
      <ActionIcon
        size="lg"
        radius="xl"
        variant="default"
        aria-label="Jump to the newest message"
        onClick={onJump}
      >
        <IconArrowDown size={18} aria-hidden />
      </ActionIcon>
    </div>
  );
}
