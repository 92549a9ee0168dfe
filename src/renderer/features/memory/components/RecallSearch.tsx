import { ActionIcon, Badge, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { type FormEvent, useMemo, useState } from 'react';
import type { RecallItem } from '../../../../shared/api/memory-contract';
import { formatDateTime } from '../../../ui/format';
import { type ConversationRef, RECALL_KIND_LABELS, shortDate } from '../model';
import { memorySelectors } from '../selectors';
import { useMemoryStore } from '../store';
import { MessageLinks } from './MessageLinks';
import { PanelSection } from './PanelSection';

/** Recalled items have no ids: each is keyed by what it is, the same again counted on. */
function withKeys(items: readonly RecallItem[]): Array<{ key: string; item: RecallItem }> {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const base = `${item.kind}:${item.date ?? ''}:${item.messageIds.join(',')}:${item.text.slice(0, 60)}`;
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return { key: count === 0 ? base : `${base}#${count}`, item };
  });
}

function RecallRow({ conversation, item }: { conversation: ConversationRef; item: RecallItem }) {
  const kind = RECALL_KIND_LABELS[item.kind];
  return (
    <li className="mem-card">
      <Stack gap={4}>
        <Group gap={6} wrap="wrap">
          <Badge size="xs" variant="light" color={kind.color}>
            {kind.label}
          </Badge>
          {item.date && (
            <Text span size="xs" c="dimmed" title={formatDateTime(item.date)}>
              {shortDate(item.date)}
            </Text>
          )}
          <Text span size="xs" c="dimmed" ff="monospace" title="Recall score: higher ranks first">
            score {item.score.toFixed(2)}
          </Text>
        </Group>
        <Text size="sm" className="mem-text" lineClamp={4}>
          {item.text}
        </Text>
        <MessageLinks conversation={conversation} messageIds={item.messageIds} label="messages" />
      </Stack>
    </li>
  );
}

/**
 * Asks what the agent would recall in this chat for a question: the same recall a turn runs,
 * with each item's kind, date, score and the messages it stands for.
 */
export function RecallSearch({ conversation }: { conversation: ConversationRef }) {
  const recall = useMemoryStore(useMemo(() => memorySelectors.recall(conversation), [conversation]));
  const { recall: runRecall, clearRecall } = useMemoryStore(memorySelectors.actions);
  const [query, setQuery] = useState(recall?.query ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void runRecall(conversation, query);
  };

  return (
    <PanelSection title="Recall">
      <form onSubmit={submit} aria-label="Recall">
        <TextInput
          size="sm"
          aria-label="What to recall"
          placeholder="Ask what the agent recalls…"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          leftSection={
            recall?.status === 'loading' ? (
              <Loader size={14} aria-hidden />
            ) : (
              <IconSearch size={15} aria-hidden />
            )
          }
          rightSection={
            recall ? (
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label="Clear the recall"
                onClick={() => {
                  setQuery('');
                  clearRecall(conversation);
                }}
              >
                <IconX size={14} aria-hidden />
              </ActionIcon>
            ) : null
          }
          error={recall?.status === 'error' ? recall.error : undefined}
        />
      </form>
      {recall?.status === 'ready' &&
        (recall.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing recalled for “{recall.query}”.
          </Text>
        ) : (
          <Stack gap={6} component="ul" className="mem-entries" aria-label="Recalled items">
            {withKeys(recall.items).map(({ key, item }) => (
              <RecallRow key={key} conversation={conversation} item={item} />
            ))}
          </Stack>
        ))}
    </PanelSection>
  );
}
