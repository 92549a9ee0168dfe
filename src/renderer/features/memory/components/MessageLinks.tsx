import { Anchor, Group, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { messagePath } from '../../conversations/paths';
import type { ConversationRef } from '../model';

/** At most this many ids are linked; the rest are counted. */
const MAX_LINKS = 4;

/**
 * A link to one message of a conversation: in the conversation on screen (`onShow`) it scrolls
 * there; elsewhere it opens the chat at the message (Telegram chats on the Conversations page,
 * Simulator chats in the Playground).
 */
export function MessageLink({
  conversation,
  messageId,
  onShow,
  children,
}: {
  conversation: ConversationRef;
  messageId: number;
  onShow?: ((messageId: number) => void) | undefined;
  children: ReactNode;
}) {
  if (onShow) {
    return (
      <UnstyledButton
        className="mem-link-button"
        onClick={() => onShow(messageId)}
        aria-label={`Show message ${messageId}`}
        fz="inherit"
        c="var(--mantine-color-anchor)"
      >
        {children}
      </UnstyledButton>
    );
  }
  const { agent, network, channelId } = conversation;
  return (
    <Anchor component={Link} href={messagePath(network, agent, channelId, messageId)} inherit>
      {children}
    </Anchor>
  );
}

/** "from #12, #14 and 3 more", each id a link to its message. */
export function MessageLinks({
  conversation,
  messageIds,
  label = 'from',
}: {
  conversation: ConversationRef;
  messageIds: readonly number[];
  label?: string;
}) {
  if (messageIds.length === 0) return null;
  const shown = messageIds.slice(0, MAX_LINKS);
  const more = messageIds.length - shown.length;
  return (
    <Group component="span" gap={4} wrap="wrap" display="inline-flex">
      <Text span size="xs" c="dimmed">
        {label}
      </Text>
      {shown.map((id) => (
        <Text span size="xs" key={id}>
          <MessageLink conversation={conversation} messageId={id}>
            #{id}
          </MessageLink>
        </Text>
      ))}
      {more > 0 && (
        <Text span size="xs" c="dimmed">
          and {more} more
        </Text>
      )}
    </Group>
  );
}
