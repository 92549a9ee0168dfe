import { Avatar, Badge, Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
import { IconSpeakerphone, IconUsersGroup } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useShallow } from 'zustand/react/shallow';
import type { ConversationSummary } from '../../../../shared/api/conversation-contract';
import { formatDateTime } from '../../../ui/format';
import { useNow } from '../../../ui/RelativeTime';
import { ErrorState, LoadingState } from '../../../ui/states';
import { agentsSelectors } from '../../agents/selectors';
import { useAgentsStore } from '../../agents/store';
import { clockTime, dayLabel, initials, messagePreview, senderColor } from '../model';
import { chatPath } from '../paths';
import { conversationSelectors } from '../selectors';
import { useConversationStore } from '../store';

function shortTime(iso: string, now: Date): string {
  const label = dayLabel(iso, now);
  return label === 'Today' ? clockTime(iso) : label;
}

function ChatAvatar({ chat }: { chat: ConversationSummary }) {
  return (
    <Avatar radius="xl" size={38} color={senderColor(chat.channelId)} variant="light" aria-hidden>
      {chat.kind === 'group' ? (
        <IconUsersGroup size={18} />
      ) : chat.kind === 'channel' ? (
        <IconSpeakerphone size={18} />
      ) : (
        initials(chat.title)
      )}
    </Avatar>
  );
}

function ChatLink({
  chat,
  active,
  agentName,
  now,
}: {
  chat: ConversationSummary;
  active: boolean;
  agentName: string;
  now: Date;
}) {
  const last = chat.lastMessage;
  const preview = last
    ? `${last.isAgent ? `${agentName}: ` : chat.kind === 'group' && last.senderName ? `${last.senderName}: ` : ''}${messagePreview(last, 80)}`
    : 'No messages yet';
  return (
    <Link
      href={chatPath(chat.network, chat.agent, chat.channelId)}
      className="pg-chat-link"
      aria-current={active ? 'page' : undefined}
    >
      <ChatAvatar chat={chat} />
      <Stack gap={0} miw={0} style={{ flex: 1 }}>
        <Group justify="space-between" wrap="nowrap" gap={6}>
          <Text size="sm" fw={600} truncate>
            {chat.title}
          </Text>
          {last && (
            <Text size="xs" c="dimmed" style={{ flex: 'none' }} title={formatDateTime(last.sentAt)}>
              {shortTime(last.sentAt, now)}
            </Text>
          )}
        </Group>
        <Group justify="space-between" wrap="nowrap" gap={6}>
          <Text size="xs" c="dimmed" truncate>
            {preview}
          </Text>
          <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
            {chat.pendingTasks > 0 && (
              <Tooltip label={`${chat.pendingTasks} unfinished tasks`}>
                <Loader size={12} type="dots" aria-label={`${chat.pendingTasks} unfinished tasks`} />
              </Tooltip>
            )}
            {chat.unreadCount > 0 && (
              <Badge
                size="sm"
                circle={chat.unreadCount < 10}
                variant="filled"
                color="gray"
                aria-label={`${chat.unreadCount} unread by the agent`}
              >
                {chat.unreadCount}
              </Badge>
            )}
          </Group>
        </Group>
      </Stack>
    </Link>
  );
}

/**
 * The selected agent's chats on the page's network, the most recently active first, kept live by
 * the store. `empty` is what the page says when there are none.
 */
export function ChatList({
  agent,
  channelId,
  empty,
}: {
  agent: string;
  channelId: number | null;
  empty: ReactNode;
}) {
  const list = useConversationStore(conversationSelectors.chatList);
  const chats = useConversationStore(useShallow(conversationSelectors.sortedChats));
  const { loadChats } = useConversationStore(conversationSelectors.actions);
  const agents = useAgentsStore(agentsSelectors.agents);
  const agentName = agents.find((candidate) => candidate.config.configName === agent)?.config.name ?? agent;
  const now = useNow(60_000);

  if (list.agent !== agent || list.status === 'idle' || list.status === 'loading') {
    return <LoadingState label="Loading chats…" minHeight={160} />;
  }
  if (list.status === 'error') {
    return (
      <ErrorState
        title={list.errorCode === 'unavailable' ? 'Not connected' : 'The chats could not be loaded'}
        message={list.error ?? 'Unknown error.'}
        onRetry={() => void loadChats()}
      />
    );
  }
  if (chats.length === 0) return empty;
  return (
    <nav aria-label="Chats">
      <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {chats.map((chat) => (
          <li key={chat.channelId}>
            <ChatLink chat={chat} active={chat.channelId === channelId} agentName={agentName} now={now} />
          </li>
        ))}
      </Stack>
    </nav>
  );
}
