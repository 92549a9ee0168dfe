import { Text } from '@mantine/core';

/**
 * In place of a Telegram chat's composer: the operator may act as the agent (the co-pilot above),
 * never as the other people, who write from their own accounts.
 */
export function ReadOnlyNote({ agentName }: { agentName: string }) {
  return (
    <Text className="pg-composer" size="xs" c="dimmed" ta="center" px="md" py={8}>
      Live from Telegram. You write here only as {agentName}; the others write from their own accounts.
    </Text>
  );
}

/**
 * In place of the composer of a chat the agent is no longer in (it left the group, or the chat is
 * gone from Telegram): the messages shown are what Troupe archived, and nothing can be sent.
 */
export function ArchivedChatNote({ agentName }: { agentName: string }) {
  return (
    <Text className="pg-composer" size="xs" c="dimmed" ta="center" px="md" py={8}>
      {agentName} is no longer in this chat. These are the messages Troupe archived; nothing can be sent here.
    </Text>
  );
}
