import { Accordion, Alert, Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconScissors } from '@tabler/icons-react';
import { useState } from 'react';
import type { LlmExchangeView } from '../../../../../shared/api/conversation-contract';
import { RelativeTime } from '../../../../ui/RelativeTime';
import { formatCost, formatCount, formatLatency } from '../../model';
import { Block, CopyIcon, Stat } from './exchange-parts';
import { RecalledMemoryBlock } from './RecalledMemoryBlock';

/** Turns shown before "Show all": the newest ones matter most. */
const RECENT_TURNS = 6;

function Figures({ exchange }: { exchange: LlmExchangeView }) {
  return (
    <SimpleGrid cols={3} spacing={6} verticalSpacing={6}>
      <Stat label="Input" value={formatCount(exchange.inputTokens)} hint="Input tokens" />
      <Stat label="Output" value={formatCount(exchange.outputTokens)} hint="Output tokens, thinking apart" />
      <Stat
        label="Cached"
        value={formatCount(exchange.cachedTokens)}
        hint={
          exchange.inputTokens > 0
            ? `${Math.round((exchange.cachedTokens / exchange.inputTokens) * 100)}% of the input`
            : undefined
        }
      />
      <Stat
        label="Thinking"
        value={exchange.thinkingTokens === undefined ? '—' : formatCount(exchange.thinkingTokens)}
        hint={exchange.thinkingTokens === undefined ? 'Not recorded for this exchange' : 'Thinking tokens'}
      />
      <Stat
        label="Cost"
        value={
          exchange.costUsd === null ? (
            <Text span inherit c="dimmed" fs="italic">
              no price
            </Text>
          ) : (
            formatCost(exchange.costUsd)
          )
        }
        hint={exchange.costUsd === null ? 'This model is not in the price catalogue' : 'USD'}
      />
      <Stat label="Latency" value={formatLatency(exchange.latencyMs)} />
    </SimpleGrid>
  );
}

function SystemPrompt({ exchange }: { exchange: LlmExchangeView }) {
  const stableChars = exchange.sections
    .filter((section) => section.stable)
    .reduce((sum, s) => sum + s.text.length, 0);
  const totalChars = exchange.sections.reduce((sum, section) => sum + section.text.length, 0);
  const systemPrompt = exchange.sections
    .map((section) => `# ${section.title}\n\n${section.text}`)
    .join('\n\n');
  return (
    <Block
      title="System prompt"
      actions={
        <Group gap={6} wrap="nowrap">
          <Text size="xs" c="dimmed">
            {exchange.sections.length} sections ·{' '}
            {totalChars > 0 ? Math.round((stableChars / totalChars) * 100) : 0}% stable
          </Text>
          <CopyIcon value={systemPrompt} label="Copy the system prompt" />
        </Group>
      }
    >
      {exchange.sections.length === 0 ? (
        <Text size="sm" c="dimmed">
          No system prompt.
        </Text>
      ) : (
        <Accordion
          multiple
          variant="separated"
          radius="md"
          chevronPosition="left"
          styles={{ content: { padding: 8 } }}
        >
          {exchange.sections.map((section) => (
            <Accordion.Item key={section.id} value={section.id}>
              <Accordion.Control py={4}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" fw={600} truncate>
                    {section.title}
                  </Text>
                  <Group gap={6} wrap="nowrap" style={{ flex: 'none' }}>
                    <Text size="xs" c="dimmed">
                      {formatCount(section.text.length)} chars
                    </Text>
                    <Badge size="xs" variant="light" color={section.stable ? 'teal' : 'orange'}>
                      {section.stable ? 'stable' : 'per turn'}
                    </Badge>
                  </Group>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <pre className="pg-pre">{section.text === '' ? '(empty)' : section.text}</pre>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Block>
  );
}

function Turns({ exchange }: { exchange: LlmExchangeView }) {
  const [allTurns, setAllTurns] = useState(false);
  const turns = allTurns ? exchange.turns : exchange.turns.slice(-RECENT_TURNS);
  const hidden = exchange.turns.length - turns.length;
  return (
    <Block title={`Turns sent (${exchange.turns.length})`}>
      {hidden > 0 && (
        <Button size="compact-xs" variant="subtle" onClick={() => setAllTurns(true)} w="fit-content">
          Show {hidden} earlier {hidden === 1 ? 'turn' : 'turns'}
        </Button>
      )}
      <Stack gap={6}>
        {turns.map((turn, index) => (
          // Turns are a fixed list per exchange; their position is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Stack key={index} gap={2}>
            <Text size="xs" fw={650} c={turn.role === 'agent' ? 'indigo' : 'teal'}>
              {turn.role === 'agent' ? 'Agent' : 'User'}
            </Text>
            <pre className="pg-pre" style={{ maxHeight: 220 }}>
              {turn.parts.join('\n')}
            </pre>
          </Stack>
        ))}
      </Stack>
    </Block>
  );
}

/**
 * One LLM call in full: model, tokens, cost and latency, what the agent recalled, the system
 * prompt by section, the turns as sent and the raw reply; a kept exchange that was cut down to
 * be kept says so.
 */
export function ExchangeView({ exchange }: { exchange: LlmExchangeView & { truncated?: boolean } }) {
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap={6} wrap="nowrap" miw={0}>
          <Badge variant="light" color="grape" size="sm">
            {exchange.provider}
          </Badge>
          <Text size="sm" fw={650} ff="monospace" truncate data-testid="exchange-model">
            {exchange.model}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
          <RelativeTime iso={exchange.at} />
        </Text>
      </Group>

      <Figures exchange={exchange} />

      {exchange.truncated && (
        <Alert color="yellow" variant="light" icon={<IconScissors aria-hidden />} title="Kept cut down">
          This exchange was too large to keep whole: long texts end in “[cut …]” and only the latest turns are
          kept.
        </Alert>
      )}
      {exchange.error && (
        <Alert color="red" variant="light" title="The call failed" icon={<IconAlertTriangle aria-hidden />}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {exchange.error}
          </Text>
        </Alert>
      )}

      <RecalledMemoryBlock exchange={exchange} />
      <SystemPrompt exchange={exchange} />
      <Turns exchange={exchange} />

      <Block
        title="Raw reply"
        actions={
          exchange.rawReply ? <CopyIcon value={exchange.rawReply} label="Copy the raw reply" /> : undefined
        }
      >
        {exchange.rawReply === null ? (
          <Text size="sm" c="dimmed">
            No reply.
          </Text>
        ) : (
          <pre className="pg-pre" data-testid="raw-reply">
            {exchange.rawReply}
          </pre>
        )}
      </Block>
    </Stack>
  );
}
