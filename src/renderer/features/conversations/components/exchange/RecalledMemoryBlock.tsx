import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { LlmExchangeView } from '../../../../../shared/api/conversation-contract';
import { recalledMemory } from '../../model';
import { Block } from './exchange-parts';

/**
 * What the agent recalled before the turn, read out of the final user turn where recall put it,
 * each find with its kind, date and author. Says so when the turn recalled nothing.
 */
export function RecalledMemoryBlock({ exchange }: { exchange: Pick<LlmExchangeView, 'turns'> }) {
  const items = recalledMemory(exchange);
  return (
    <Block title={`Recalled memories${items ? ` (${items.length})` : ''}`}>
      {items === null || items.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing was recalled for this turn.
        </Text>
      ) : (
        <Stack gap={6}>
          {items.map((item, index) => (
            // Recalled items are a fixed list per exchange; their position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Paper key={index} withBorder radius="sm" p={8} className="pg-recalled">
              <Group gap={6} mb={2}>
                <Badge size="xs" variant="light" color="violet">
                  {item.kind}
                </Badge>
                {item.date && (
                  <Text size="xs" c="dimmed">
                    {item.date}
                  </Text>
                )}
                {item.from && (
                  <Text size="xs" c="dimmed">
                    · {item.from}
                  </Text>
                )}
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {item.text}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </Block>
  );
}
