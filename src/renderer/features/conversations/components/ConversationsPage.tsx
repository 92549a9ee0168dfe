import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconBrandTelegram, IconMessageCircle, IconPlugConnectedX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import { EmptyBlock, ErrorState, LoadingState } from '../../../ui/states';
import { AGENTS_PATH, agentPath } from '../../agents/paths';
import { agentsSelectors } from '../../agents/selectors';
import { useAgentsStore } from '../../agents/store';
import { telegramSelectors } from '../../telegram/selectors';
import { useTelegramStore } from '../../telegram/store';
import { useAccountsLoaded } from '../../telegram/use-accounts-loaded';
import type { ChatRef } from '../model';
import { conversationsPath } from '../paths';
import { conversationSelectors } from '../selectors';
import { ConversationNetworkProvider, useConversationStore } from '../store';
import { isLoggedIn, type TelegramAgentEntry, type TelegramAgents, telegramAgents } from '../telegram-agents';
import { ChatList } from './ChatList';
import { ChatView } from './ChatView';
import { ConversationLayout, useDocumentTitle } from './ConversationLayout';
import { TelegramAgentList } from './TelegramAgentList';

type PageProps = {
  agent: string | null;
  channelId: number | null;
  /** A message to show in the chat (a link from memory). */
  messageId?: number | null;
};

/** Loads the agents and their Telegram accounts, and splits them by login. */
function useTelegramAgents(): {
  status: 'loading' | 'error' | 'ready';
  error: string | null;
  agents: TelegramAgents;
} {
  const agents = useAgentsStore(agentsSelectors.agents);
  const agentsStatus = useAgentsStore(agentsSelectors.listStatus);
  const agentsError = useAgentsStore(agentsSelectors.listError);
  const { loadAgents } = useAgentsStore(agentsSelectors.actions);
  const accounts = useTelegramStore(telegramSelectors.accounts);
  const accountsStatus = useTelegramStore(telegramSelectors.status);
  const accountsError = useTelegramStore(telegramSelectors.error);

  useEffect(() => {
    if (agentsStatus === 'idle') void loadAgents();
  }, [agentsStatus, loadAgents]);
  useAccountsLoaded();

  const split = useMemo(() => telegramAgents(agents, accounts), [agents, accounts]);
  if (agentsStatus === 'error' || accountsStatus === 'error')
    return { status: 'error', error: agentsError ?? accountsError, agents: split };
  if (agentsStatus !== 'ready' || accountsStatus !== 'ready')
    return { status: 'loading', error: null, agents: split };
  return { status: 'ready', error: null, agents: split };
}

function Sidebar({
  agent,
  channelId,
  entry,
  directory,
}: {
  agent: string | null;
  channelId: number | null;
  entry: TelegramAgentEntry | undefined;
  directory: ReturnType<typeof useTelegramAgents>;
}) {
  const refreshing = useConversationStore(conversationSelectors.chatListRefreshing);
  const { loadAgents } = useAgentsStore(agentsSelectors.actions);
  const { loadAccounts } = useTelegramStore(telegramSelectors.actions);
  const watching = entry !== undefined && isLoggedIn(entry.account);

  return (
    <div className="pg-scroll" style={{ padding: '0 8px 12px' }}>
      <Stack gap={2} p="md" pb="sm" px={8}>
        <Group justify="space-between" align="center" wrap="nowrap">
          <Title order={1} fz={20} fw={700}>
            Conversations
          </Title>
          {refreshing && <Loader size={12} aria-label="Refreshing chats" />}
        </Group>
        <Text size="xs" c="dimmed">
          Your agents' Telegram chats, live. You watch; the agents write.
        </Text>
      </Stack>
      {directory.status === 'error' ? (
        <ErrorState
          title="The agents could not be loaded"
          message={directory.error ?? 'Unknown error.'}
          onRetry={() => {
            void loadAgents();
            void loadAccounts();
          }}
        />
      ) : directory.status === 'loading' ? (
        <LoadingState label="Loading agents…" minHeight={120} />
      ) : (
        <TelegramAgentList agents={directory.agents} selected={agent} />
      )}
      {agent !== null && watching && (
        <Stack gap={4} mt="md">
          <Title order={2} fz="xs" fw={650} c="dimmed" tt="uppercase" px={10}>
            Chats of {entry.name}
          </Title>
          <ChatList
            agent={agent}
            channelId={channelId}
            empty={
              <EmptyBlock
                icon={<IconMessageCircle size={26} aria-hidden />}
                title="No chats yet"
                description={`Chats appear here when someone writes to ${entry.name} on Telegram.`}
              />
            }
          />
        </Stack>
      )}
    </div>
  );
}

function Centered({ children }: { children: ReactNode }) {
  return (
    <Stack justify="center" h="100%" className="tc-timeline" p="xl">
      {children}
    </Stack>
  );
}

function NoTelegramAgents({ agents }: { agents: TelegramAgents }) {
  const only = agents.notLoggedIn.length === 1 ? agents.notLoggedIn[0] : undefined;
  return (
    <EmptyBlock
      icon={<IconBrandTelegram size={28} aria-hidden />}
      title="No agent is logged in to Telegram"
      description="Log an agent in to Telegram on its page; its chats then show here, live."
    >
      <Button component={Link} href={only ? agentPath(only.configName) : AGENTS_PATH} variant="filled">
        {only ? `Log in ${only.name}` : 'Open Agents'}
      </Button>
    </EmptyBlock>
  );
}

function NotLoggedIn({ configName, name }: { configName: string; name: string }) {
  return (
    <EmptyBlock
      icon={<IconBrandTelegram size={28} aria-hidden />}
      title={`${name} is not logged in to Telegram`}
      description="Log it in on its page to watch its chats here."
    >
      <Button component={Link} href={agentPath(configName)} variant="filled">
        Log in {name}
      </Button>
    </EmptyBlock>
  );
}

/** No chat open: say why when the agent's chats could not be reached, else where to click. */
function NoChatOpen({ agentName }: { agentName: string }) {
  const list = useConversationStore(conversationSelectors.chatList);
  if (list.status === 'error' && list.errorCode === 'unavailable') {
    return (
      <EmptyBlock
        icon={<IconPlugConnectedX size={28} aria-hidden />}
        title={`${agentName} is not connected to Telegram`}
        description={list.error ?? 'Its chats are out of reach until it connects again.'}
      />
    );
  }
  return (
    <EmptyBlock
      icon={<IconMessageCircle size={28} aria-hidden />}
      title={`Watch ${agentName} on Telegram`}
      description="Open a chat on the left to follow it live, with the agent's tasks and LLM calls beside it."
    />
  );
}

/** What the middle column shows when no chat is open, from the most basic missing piece up. */
function Placeholder({
  agent,
  entry,
  directory,
}: {
  agent: string | null;
  entry: TelegramAgentEntry | undefined;
  directory: ReturnType<typeof useTelegramAgents>;
}) {
  if (directory.status === 'loading') return <LoadingState label="Loading agents…" />;
  if (directory.status === 'error') return null;
  if (directory.agents.loggedIn.length === 0 && agent === null)
    return <NoTelegramAgents agents={directory.agents} />;
  if (agent === null) {
    return (
      <EmptyBlock
        icon={<IconBrandTelegram size={28} aria-hidden />}
        title="Pick an agent"
        description="Choose an agent on the left to see its Telegram chats."
      />
    );
  }
  if (!entry) {
    return (
      <EmptyBlock
        icon={<IconBrandTelegram size={28} aria-hidden />}
        title="There is no such agent"
        description={`No agent file is named ${agent}.`}
      >
        <Button component={Link} href={conversationsPath()} variant="default">
          Back to Conversations
        </Button>
      </EmptyBlock>
    );
  }
  if (!isLoggedIn(entry.account)) return <NotLoggedIn configName={entry.configName} name={entry.name} />;
  return <NoChatOpen agentName={entry.name} />;
}

function Conversations({ agent, channelId, messageId = null }: PageProps) {
  const directory = useTelegramAgents();
  const storeAgent = useConversationStore(conversationSelectors.agent);
  const { selectAgent, openChat, closeChat } = useConversationStore(conversationSelectors.actions);
  const [, navigate] = useLocation();
  const { loggedIn, notLoggedIn } = directory.agents;
  const entry = [...loggedIn, ...notLoggedIn].find((candidate) => candidate.configName === agent);
  const watching = directory.status === 'ready' && entry !== undefined && isLoggedIn(entry.account);

  // The route names the agent and chat; the store follows it once the agent is known to be logged
  // in. Coming back to the bare page returns to the agent picked before.
  useEffect(() => {
    if (agent !== null) {
      if (watching) selectAgent(agent);
    } else if (storeAgent !== null) navigate(conversationsPath(storeAgent), { replace: true });
  }, [agent, watching, storeAgent, selectAgent, navigate]);

  const ref: ChatRef | null = useMemo(
    () => (agent !== null && channelId !== null ? { agent, channelId } : null),
    [agent, channelId],
  );
  const openRef = watching ? ref : null;
  useEffect(() => {
    if (openRef) openChat(openRef);
    else closeChat();
  }, [openRef, openChat, closeChat]);

  const agentName = entry?.name ?? agent;
  useDocumentTitle(agentName ? `Conversations · ${agentName}` : 'Conversations');

  return (
    <ConversationLayout
      sidebarLabel="Telegram chats"
      sidebar={<Sidebar agent={agent} channelId={channelId} entry={entry} directory={directory} />}
      chatRef={openRef}
      showChat={ref !== null}
    >
      {(inspector) =>
        openRef ? (
          <ChatView
            key={`${openRef.agent}/${openRef.channelId}`}
            chatRef={openRef}
            agentName={agentName ?? openRef.agent}
            inspectorOpen={inspector.open}
            onToggleInspector={inspector.toggle}
            focusMessageId={messageId}
          />
        ) : (
          <Centered>
            <Placeholder agent={agent} entry={entry} directory={directory} />
          </Centered>
        )
      }
    </ConversationLayout>
  );
}

/**
 * Conversations: the agents' live Telegram chats, read-only, with the same inspector as the
 * Playground (task graph, last LLM exchange, parameters) beside the open chat.
 */
export function ConversationsPage(props: PageProps) {
  return (
    <ConversationNetworkProvider network="telegram">
      <Conversations {...props} />
    </ConversationNetworkProvider>
  );
}
