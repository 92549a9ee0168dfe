import { Avatar, Badge, Loader, Tooltip } from '@mantine/core';
import { IconSpeakerphone, IconUsersGroup } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, type ReactNode, useLayoutEffect, useMemo, useRef, useState } from 'react';
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
import { type ConversationState, useConversationStore } from '../store';

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

/** Rows drawn beyond the visible ones, so a quick scroll shows no blanks. */
const OVERSCAN = 8;
const ROW_HEIGHT_ESTIMATE = 58;

/**
 * The selected agent's chats on the page's network, the most recently active first, kept live by
 * the store. Only the rows in view are drawn, each reading its own summary, so a live event redraws
 * one row. It scrolls with the nearest `.pg-scroll` around it. `empty` is what the page says when
 * there are none.
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
  const list = useConversationStore(useShallow(listStatus));
  const order = useConversationStore(conversationSelectors.chatOrder);
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
  if (order.length === 0) return empty;
  return <VirtualChatRows order={order} channelId={channelId} agentName={agentName} now={now} />;
}

const listStatus = (s: ConversationState) => ({
  agent: s.chatList.agent,
  status: s.chatList.status,
  error: s.chatList.error,
  errorCode: s.chatList.errorCode,
});

function VirtualChatRows({
  order,
  channelId,
  agentName,
  now,
}: {
  order: number[];
  channelId: number | null;
  agentName: string;
  now: Date;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const virtualizer = useVirtualizer({
    count: order.length,
    getScrollElement: () => listRef.current?.closest<HTMLElement>('.pg-scroll') ?? null,
    estimateSize: () => ROW_HEIGHT_ESTIMATE,
    getItemKey: (index) => order[index]!,
    overscan: OVERSCAN,
    scrollMargin,
  });
  // Content above the list in the same scroller (the Conversations page's agents) offsets it.
  useLayoutEffect(() => {
    const element = listRef.current;
    const scroller = element?.closest<HTMLElement>('.pg-scroll');
    if (!element || !scroller) return;
    const offset =
      element.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
    if (Math.abs(offset - scrollMargin) > 0.5) setScrollMargin(offset);
  });

  return (
    <nav aria-label="Chats">
      <ul
        ref={listRef}
        style={{
          listStyle: 'none',
          margin: 0,
          padding: 0,
          position: 'relative',
          height: virtualizer.getTotalSize(),
        }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const id = order[item.index]!;
          return (
            <li
              key={id}
              data-index={item.index}
              ref={virtualizer.measureElement}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                paddingBottom: 2,
                transform: `translateY(${item.start - scrollMargin}px)`,
              }}
            >
              <ChatRow channelId={id} active={id === channelId} agentName={agentName} now={now} />
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** One chat of the list; redrawn only when its own summary changes. */
const ChatRow = memo(function ChatRow({
  channelId,
  ...rest
}: {
  channelId: number;
  active: boolean;
  agentName: string;
  now: Date;
}) {
  const chat = useConversationStore(useMemo(() => conversationSelectors.listedChat(channelId), [channelId]));
  return chat ? <ChatLink chat={chat} {...rest} /> : null;
});

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
      {/* Plain elements: the list draws many rows at once, and layout components cost per row. */}
      <span className="pg-chat-text">
        <span className="pg-chat-line">
          <span className="pg-chat-title">{chat.title}</span>
          {chat.archivedOnly && (
            <Badge
              tt="none"
              size="xs"
              variant="outline"
              color="gray"
              style={{ flex: 'none' }}
              title="The agent is no longer in this chat"
            >
              Left
            </Badge>
          )}
          {last && (
            <span className="pg-chat-time" title={formatDateTime(last.sentAt)}>
              {shortTime(last.sentAt, now)}
            </span>
          )}
        </span>
        <span className="pg-chat-line">
          <span className="pg-chat-preview">{preview}</span>
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
        </span>
      </span>
    </Link>
  );
}
