import { Button, Group, Text } from '@mantine/core';
import { IconRefresh, IconTrash } from '@tabler/icons-react';
import { memo, type ReactNode } from 'react';
import { mediaFilePath } from '../../../../../shared/api/media-contract';
import type { ChatPerson } from '../../../../../shared/domain/conversation';
import { ChatPlainText } from '../../../../ui/chat/ChatMarkdown';
import { MediaCard } from '../../../../ui/chat/MediaCard';
import { MessageBubble } from '../../../../ui/chat/MessageBubble';
import { formatDateTime } from '../../../../ui/format';
import { clockTime, senderColor } from '../../model';
import { type PendingSend, useConversationNetwork } from '../../store';
import { colorVar } from './MessageRow';

function personName(person: ChatPerson | undefined): string {
  return person ? [person.firstName, person.lastName].filter(Boolean).join(' ') : 'Someone';
}

/** A message the operator sent that the runtime has not confirmed yet, or refused (with retry). */
export const PendingBubble = memo(function PendingBubble({
  pending,
  agent,
  person,
  showName,
  quote,
  onRetry,
  onDiscard,
}: {
  pending: PendingSend;
  /** The agent's config name: the sticker's file loads under it. */
  agent: string;
  person: ChatPerson | undefined;
  showName: boolean;
  quote: ReactNode;
  onRetry: (tempId: string) => void;
  onDiscard: (tempId: string) => void;
}) {
  const network = useConversationNetwork();
  const content =
    pending.content.kind === 'text' ? (
      <ChatPlainText text={pending.content.text} />
    ) : (
      <MediaCard
        part={{
          kind: 'media',
          mediaKind: 'sticker',
          uniqueId: pending.content.sticker.uniqueId,
          description: pending.content.sticker.description,
          stickerSetName: pending.content.sticker.setName,
          stickerSetTitle: pending.content.sticker.setTitle,
          stickerName: pending.content.sticker.name,
        }}
        src={mediaFilePath({ kind: 'sticker', network, agent, uniqueId: pending.content.sticker.uniqueId })}
      />
    );
  return (
    <MessageBubble
      domId={pending.tempId}
      side="out"
      continues={false}
      senderName={showName ? personName(person) : null}
      senderColor={colorVar(senderColor(pending.personId))}
      label={`${personName(person)}, ${pending.status === 'failed' ? 'not sent' : 'sending'}`}
      time={clockTime(pending.createdAt)}
      timeTitle={formatDateTime(pending.createdAt)}
      delivery={pending.status}
      mediaOnly={pending.content.kind === 'sticker' && pending.replyTo === null}
      below={
        pending.status === 'failed' ? (
          <Group gap={6} justify="flex-end" wrap="wrap" role="alert">
            <Text span size="xs" c="red">
              Not sent: {pending.error}
            </Text>
            <Button
              size="compact-xs"
              variant="light"
              leftSection={<IconRefresh size={12} aria-hidden />}
              onClick={() => onRetry(pending.tempId)}
            >
              Retry
            </Button>
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              leftSection={<IconTrash size={12} aria-hidden />}
              onClick={() => onDiscard(pending.tempId)}
            >
              Discard
            </Button>
          </Group>
        ) : null
      }
    >
      {quote}
      {content}
    </MessageBubble>
  );
});
