import { Group, Stack, Text } from '@mantine/core';
import { IconNotes, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { MemorySummary } from '../../../../shared/domain/memory';
import { ConfirmAction } from '../../../ui/ConfirmAction';
import { IconAction } from '../../../ui/IconAction';
import { type ConversationRef, dateRangeLabel, messageRangeLabel, SUMMARY_ORIGIN_LABELS } from '../model';
import { memorySelectors } from '../selectors';
import { useMemoryStore } from '../store';
import { ClampedText } from './ClampedText';
import { MessageLink } from './MessageLinks';
import { reportFailure } from './notices';
import { SummaryEditor } from './SummaryEditor';

/**
 * One summary of a conversation: the messages it covers (a link to the first), their dates, who
 * wrote it and its words, editable and deletable in place. In the timeline (`onShowMessage`) the
 * link scrolls to the message.
 */
export function SummaryCard({
  conversation,
  summary,
  onShowMessage,
}: {
  conversation: ConversationRef;
  summary: MemorySummary;
  onShowMessage?: (messageId: number) => void;
}) {
  const { deleteSummary } = useMemoryStore(memorySelectors.actions);
  const [editing, setEditing] = useState(false);
  const range = messageRangeLabel(summary.minMessageId, summary.maxMessageId);
  const dates = dateRangeLabel(summary.firstMessageDate, summary.lastMessageDate);

  if (editing) {
    return <SummaryEditor conversation={conversation} summary={summary} onDone={() => setEditing(false)} />;
  }
  const remove = () =>
    deleteSummary(conversation, summary.id).catch(reportFailure('The summary was not deleted'));

  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Group gap={6} wrap="nowrap" miw={0}>
          <IconNotes size={15} color="var(--mantine-color-grape-6)" aria-hidden style={{ flex: 'none' }} />
          <Text size="xs" fw={650} truncate>
            Summary of{' '}
            <MessageLink conversation={conversation} messageId={summary.minMessageId} onShow={onShowMessage}>
              {range}
            </MessageLink>
          </Text>
        </Group>
        <Group gap={2} wrap="nowrap">
          <IconAction
            label={`Edit the summary of ${range}`}
            tooltip="Edit this summary"
            icon={<IconPencil size={15} aria-hidden />}
            onClick={() => setEditing(true)}
          />
          <ConfirmAction
            label={`Delete the summary of ${range}`}
            icon={<IconTrash size={15} aria-hidden />}
            question="Delete this summary? The prompt shows these messages again, until they are summarized anew."
            confirmLabel="Delete"
            onConfirm={remove}
          />
        </Group>
      </Group>
      <Text size="xs" c="dimmed">
        {[dates, `by ${SUMMARY_ORIGIN_LABELS[summary.origin]}`].filter(Boolean).join(' · ')}
      </Text>
      <ClampedText text={summary.content} maxHeight={88} />
    </Stack>
  );
}
