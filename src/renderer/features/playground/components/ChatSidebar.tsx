import { Avatar, Badge, Group, Loader, Select, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconMessagePlus, IconUsersGroup } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import { useShallow } from 'zustand/react/shallow';
import type { ConversationSummary } from '../../../../shared/api/conversation-contract';
import { formatDateTime } from '../../../ui/format';
import { useNow } from '../../../ui/RelativeTime';
import { EmptyBlock, ErrorState, LoadingState } from '../../../ui/states';
import { isAgentDisabled } from '../../agents/model';
import { agentsSelectors } from '../../agents/selectors';
import { useAgentsStore } from '../../agents/store';
import { clockTime, dayLabel, initials, messagePreview, senderColor } from '../model';
import { playgroundPath } from '../paths';
import { playgroundSelectors } from '../selectors';
import { usePlaygroundStore } from '../store';
import { NewChatButton } from './NewChatModal';

function AgentSelect({ agent }: { agent: string | null }) {
  const agents = useAgentsStore(agentsSelectors.agents);
  const listStatus = useAgentsStore(agentsSelectors.listStatus);
  const [, navigate] = useLocation();
  const data = useMemo(
    () =>
      agents.map((summary) => ({
        value: summary.config.configName,
        label: isAgentDisabled(summary) ? `${summary.config.name} (disabled)` : summary.config.name,
      })),
    [agents],
  );
  return (
    <Select
      label="Agent"
      placeholder={listStatus === 'ready' ? 'Pick an agent' : 'Loading agents…'}
      data={data}
      value={agent}
      onChange={(value) => {
        if (value) navigate(playgroundPath(value));
      }}
      searchable
      allowDeselect={false}
      nothingFoundMessage="No agent matches"
      disabled={listStatus !== 'ready' && agents.length === 0}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function shortTime(iso: string, now: Date): string {
  const label = dayLabel(iso, now);
  return label === 'Today' ? clockTime(iso) : label;
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
      href={playgroundPath(chat.agent, chat.channelId)}
      className="pg-chat-link"
      aria-current={active ? 'page' : undefined}
    >
      <Avatar radius="xl" size={38} color={senderColor(chat.channelId)} variant="light" aria-hidden>
        {chat.kind === 'group' ? <IconUsersGroup size={18} /> : initials(chat.title)}
      </Avatar>
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

function ChatList({ agent, channelId }: { agent: string; channelId: number | null }) {
  const list = usePlaygroundStore(playgroundSelectors.chatList);
  const chats = usePlaygroundStore(useShallow(playgroundSelectors.sortedChats));
  const { loadChats } = usePlaygroundStore(playgroundSelectors.actions);
  const agents = useAgentsStore(agentsSelectors.agents);
  const agentName = agents.find((candidate) => candidate.config.configName === agent)?.config.name ?? agent;
  const now = useNow(60_000);

  if (list.agent !== agent || list.status === 'idle' || list.status === 'loading') {
    return <LoadingState label="Loading chats…" minHeight={160} />;
  }
  if (list.status === 'error') {
    return (
      <ErrorState
        title="The chats could not be loaded"
        message={list.error ?? 'Unknown error.'}
        onRetry={() => void loadChats()}
      />
    );
  }
  if (chats.length === 0) {
    return (
      <EmptyBlock
        icon={<IconMessagePlus size={26} aria-hidden />}
        title="No chats yet"
        description={`Start a chat to talk to ${agentName} as a simulated person.`}
      />
    );
  }
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

/** The Playground's left column: the agent, its Simulator chats, and a new chat. */
export function ChatSidebar({ agent, channelId }: { agent: string | null; channelId: number | null }) {
  const refreshing = usePlaygroundStore(playgroundSelectors.chatListRefreshing);
  return (
    <>
      <Stack gap="sm" p="md" pb="sm">
        <Group justify="space-between" align="center" wrap="nowrap">
          <Title order={1} fz={20} fw={700}>
            Playground
          </Title>
          {refreshing && <Loader size={12} aria-label="Refreshing chats" />}
        </Group>
        <AgentSelect agent={agent} />
        {agent !== null && (
          <NewChatButton fullWidth leftSection={<IconMessagePlus size={16} aria-hidden />} />
        )}
      </Stack>
      {agent !== null && (
        <div className="pg-scroll" style={{ padding: '0 8px 12px' }}>
          <ChatList agent={agent} channelId={channelId} />
        </div>
      )}
    </>
  );
}
