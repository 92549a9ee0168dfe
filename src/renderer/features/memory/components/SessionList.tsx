import { Group, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import type { SessionSummary } from '../../../../shared/domain/memory';
import { ConfirmAction } from '../../../ui/ConfirmAction';
import { formatDateTime } from '../../../ui/format';
import { type ConversationRef, dateRangeLabel, messageRangeLabel } from '../model';
import { memorySelectors } from '../selectors';
import { useMemoryStore } from '../store';
import { ClampedText } from './ClampedText';
import { LoadableBody } from './LoadableBody';
import { MessageLink } from './MessageLinks';
import { reportFailure } from './notices';
import { PanelSection } from './PanelSection';

function SessionCard({ conversation, session }: { conversation: ConversationRef; session: SessionSummary }) {
  const { deleteSession } = useMemoryStore(memorySelectors.actions);
  const remove = () =>
    deleteSession(conversation, session.id).catch(reportFailure('The topic was not deleted'));
  return (
    <Stack gap={2}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Text size="sm" fw={650} miw={0}>
          {session.topic}
        </Text>
        <ConfirmAction
          label={`Delete the topic “${session.topic}”`}
          icon={<IconTrash size={15} aria-hidden />}
          question="Delete this topic? Recall no longer finds these messages through it."
          confirmLabel="Delete"
          onConfirm={remove}
        />
      </Group>
      <Text
        size="xs"
        c="dimmed"
        title={`${formatDateTime(session.firstAt)} – ${formatDateTime(session.lastAt)}`}
      >
        <MessageLink conversation={conversation} messageId={session.minMessageId}>
          {messageRangeLabel(session.minMessageId, session.maxMessageId)}
        </MessageLink>
        {' · '}
        {dateRangeLabel(session.firstAt, session.lastAt)}
      </Text>
      <ClampedText text={session.content} maxHeight={66} />
    </Stack>
  );
}

/** The topics of the conversation's quiet stretches, summarized for recall; each can be deleted. */
export function SessionList({ conversation }: { conversation: ConversationRef }) {
  const sessions = useMemoryStore(useMemo(() => memorySelectors.sessions(conversation), [conversation]));
  const { loadSessions, follow } = useMemoryStore(memorySelectors.actions);
  useEffect(() => follow('sessions', conversation), [conversation, follow]);

  return (
    <PanelSection title="Topics" count={sessions.value.length}>
      <LoadableBody
        record={sessions}
        isEmpty={sessions.value.length === 0}
        what="topics"
        onRetry={() => void loadSessions(conversation)}
        empty={
          <Text size="sm" c="dimmed">
            No topics yet. Half an hour after the conversation goes quiet, its new messages become topics for
            recall.
          </Text>
        }
      >
        <Stack gap={6} component="ul" className="mem-entries" aria-label="Topics">
          {sessions.value.map((session) => (
            <li key={session.id} className="mem-card">
              <SessionCard conversation={conversation} session={session} />
            </li>
          ))}
        </Stack>
      </LoadableBody>
    </PanelSection>
  );
}
