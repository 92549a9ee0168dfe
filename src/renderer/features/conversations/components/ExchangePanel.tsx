import {
  Accordion,
  ActionIcon,
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconSparkles } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { LlmExchangeView } from '../../../../shared/api/conversation-contract';
import { RelativeTime } from '../../../ui/RelativeTime';
import { EmptyBlock, ErrorState, LoadingState } from '../../../ui/states';
import { formatCost, formatCount, formatLatency } from '../model';
import type { ChatView } from '../store';

/** Turns shown before "Show all": the newest ones matter most. */
const RECENT_TURNS = 6;

function Stat({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <div className="pg-stat">
      <Text size="10px" fw={650} c="dimmed" tt="uppercase" lts={0.4}>
        {label}
      </Text>
      <Text size="sm" fw={600} ff="monospace" title={hint}>
        {value}
      </Text>
    </div>
  );
}

function Block({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <Stack gap={6} component="section" aria-label={title}>
      <Group justify="space-between" gap="xs">
        <Title order={3} fz="xs" fw={650} c="dimmed" tt="uppercase" lts={0.4}>
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Stack>
  );
}

function CopyIcon({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : label}>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            size="sm"
            aria-label={label}
            onClick={copy}
          >
            {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

function ExchangeView({ exchange }: { exchange: LlmExchangeView }) {
  const [allTurns, setAllTurns] = useState(false);
  const stableChars = exchange.sections
    .filter((section) => section.stable)
    .reduce((sum, s) => sum + s.text.length, 0);
  const totalChars = exchange.sections.reduce((sum, section) => sum + section.text.length, 0);
  const turns = allTurns ? exchange.turns : exchange.turns.slice(-RECENT_TURNS);
  const hidden = exchange.turns.length - turns.length;
  const systemPrompt = exchange.sections
    .map((section) => `# ${section.title}\n\n${section.text}`)
    .join('\n\n');

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap={6} wrap="nowrap" miw={0}>
          <Badge variant="light" color="grape" size="sm">
            {exchange.provider}
          </Badge>
          <Text size="sm" fw={650} ff="monospace" truncate>
            {exchange.model}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
          <RelativeTime iso={exchange.at} />
        </Text>
      </Group>

      <SimpleGrid cols={3} spacing={6} verticalSpacing={6}>
        <Stat label="Input" value={formatCount(exchange.inputTokens)} hint="Input tokens" />
        <Stat label="Output" value={formatCount(exchange.outputTokens)} hint="Output tokens" />
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
        <Stat label="Turns" value={exchange.turns.length} />
      </SimpleGrid>

      {exchange.error && (
        <Alert color="red" variant="light" title="The call failed" icon={<IconAlertTriangle aria-hidden />}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {exchange.error}
          </Text>
        </Alert>
      )}

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

/** The last LLM call of the conversation: cost, tokens, the prompt as sent, and the raw answer. */
export function ExchangePanel({ view, onRetry }: { view: Pick<ChatView, 'exchange'>; onRetry: () => void }) {
  const { exchange } = view;
  if (exchange.status === 'error' && !exchange.value) {
    return (
      <ErrorState
        title="The last exchange could not be loaded"
        message={exchange.error ?? 'Unknown error.'}
        onRetry={onRetry}
      />
    );
  }
  if (exchange.status !== 'ready') return <LoadingState label="Loading the last exchange…" minHeight={160} />;
  if (!exchange.value) {
    return (
      <EmptyBlock
        icon={<IconSparkles size={26} aria-hidden />}
        title="No LLM call yet"
        description="When the agent takes a turn in this chat, the prompt it sent and the reply it got appear here."
      />
    );
  }
  return <ExchangeView exchange={exchange.value} />;
}
