import { Badge, Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconHistory } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import type { ExchangeRecord } from '../../../../../shared/api/conversation-contract';
import { RelativeTime } from '../../../../ui/RelativeTime';
import { EmptyBlock, ErrorState, LoadingState } from '../../../../ui/states';
import { type ChatRef, formatCost, formatCount } from '../../model';
import { conversationSelectors } from '../../selectors';
import { useConversationStore } from '../../store';
import { ExchangeView } from './ExchangeView';

function HistoryRow({ record, onOpen }: { record: ExchangeRecord; onOpen: () => void }) {
  const reply = record.error ?? record.rawReply ?? 'No reply';
  return (
    <UnstyledButton className="pg-history-row" onClick={onOpen} aria-label={`Exchange of ${record.at}`}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600} ff="monospace" truncate>
          {record.model}
        </Text>
        <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
          <RelativeTime iso={record.at} />
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {formatCount(record.inputTokens)} in · {formatCount(record.outputTokens)} out ·{' '}
        {formatCost(record.costUsd)}
        {record.truncated && ' · cut down'}
      </Text>
      <Group gap={6} wrap="nowrap">
        {record.error && (
          <Badge size="xs" color="red" variant="light">
            failed
          </Badge>
        )}
        <Text size="xs" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {reply}
        </Text>
      </Group>
    </UnstyledButton>
  );
}

/**
 * Every exchange kept for the chat, newest first, a page at a time: pick one to read it whole.
 * Fetched afresh each time it is shown.
 */
export function ExchangeHistory({ chatRef }: { chatRef: ChatRef }) {
  const history = useConversationStore(
    useMemo(() => conversationSelectors.exchangeHistory(chatRef), [chatRef]),
  );
  const { loadExchanges, loadOlderExchanges } = useConversationStore(conversationSelectors.actions);
  const [openId, setOpenId] = useState<number | null>(null);
  useEffect(() => void loadExchanges(chatRef), [chatRef, loadExchanges]);

  const open = history.value.find((record) => record.id === openId);
  if (open) {
    return (
      <Stack gap="sm">
        <Button
          size="compact-sm"
          variant="subtle"
          w="fit-content"
          leftSection={<IconArrowLeft size={14} aria-hidden />}
          onClick={() => setOpenId(null)}
        >
          All kept exchanges
        </Button>
        <ExchangeView exchange={open} />
      </Stack>
    );
  }
  if (history.status === 'error' && history.value.length === 0) {
    return (
      <ErrorState
        title="The kept exchanges could not be loaded"
        message={history.error ?? 'Unknown error.'}
        onRetry={() => void loadExchanges(chatRef)}
      />
    );
  }
  if (history.status !== 'ready') return <LoadingState label="Loading the kept exchanges…" minHeight={160} />;
  if (history.value.length === 0) {
    return (
      <EmptyBlock
        icon={<IconHistory size={26} aria-hidden />}
        title="No exchange kept"
        description="Exchanges are kept for the retention set in Settings → Engine; none is kept for this chat."
      />
    );
  }
  return (
    <Stack gap={6}>
      <Stack component="ul" gap={6} aria-label="Kept exchanges, newest first" className="pg-history">
        {history.value.map((record) => (
          <li key={record.id}>
            <HistoryRow record={record} onOpen={() => setOpenId(record.id)} />
          </li>
        ))}
      </Stack>
      {history.error && (
        <Text size="xs" c="red">
          {history.error}
        </Text>
      )}
      {history.hasMore && (
        <Button
          size="compact-sm"
          variant="default"
          loading={history.loadingOlder}
          onClick={() => void loadOlderExchanges(chatRef)}
        >
          Load older exchanges
        </Button>
      )}
    </Stack>
  );
}
