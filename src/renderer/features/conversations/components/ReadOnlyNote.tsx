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
