import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconMessagePlus, IconMessages, IconUsers } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import { EmptyBlock, ErrorState, LoadingState } from '../../../ui/states';
import { isAgentDisabled } from '../../agents/model';
import { AGENTS_PATH } from '../../agents/paths';
import { agentsSelectors } from '../../agents/selectors';
import { useAgentsStore } from '../../agents/store';
import { ChatView } from '../../conversations/components/ChatView';
import { ConversationLayout, useDocumentTitle } from '../../conversations/components/ConversationLayout';
import type { ChatRef } from '../../conversations/model';
import { conversationSelectors } from '../../conversations/selectors';
import { ConversationNetworkProvider, useConversationStore } from '../../conversations/store';
import { playgroundPath } from '../paths';
import { ChatSidebar } from './ChatSidebar';
import { Composer } from './Composer';
import { NewChatButton } from './NewChatModal';

/** No agent picked yet: every agent can rehearse, including disabled ones. */
function PickAnAgent() {
  const agents = useAgentsStore(agentsSelectors.agents);
  const listStatus = useAgentsStore(agentsSelectors.listStatus);
  const listError = useAgentsStore(agentsSelectors.listError);
  const { loadAgents } = useAgentsStore(agentsSelectors.actions);

  if (listStatus === 'error') {
    return (
      <ErrorState
        title="The agents could not be loaded"
        message={listError ?? 'Unknown error.'}
        onRetry={() => void loadAgents()}
      />
    );
  }
  if (listStatus !== 'ready') return <LoadingState label="Loading agents…" />;
  if (agents.length === 0) {
    return (
      <EmptyBlock
        icon={<IconUsers size={28} aria-hidden />}
        title="No agents to rehearse with"
        description="Add an agent file to a config directory first."
      >
        <Button component={Link} href={AGENTS_PATH} variant="default">
          Open Agents
        </Button>
      </EmptyBlock>
    );
  }
  return (
    <Stack gap="md" p="xl" maw={760} mx="auto" w="100%">
      <Stack gap={4}>
        <Text fw={650} fz="lg">
          Pick an agent to rehearse with
        </Text>
        <Text size="sm" c="dimmed">
          Talk to it as one or more simulated people in chats that never reach Telegram. Disabled agents can
          rehearse too.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" role="list" aria-label="Agents">
        {agents.map((agent) => (
          <Paper key={agent.config.configName} role="listitem" withBorder radius="md">
            <Link
              href={playgroundPath(agent.config.configName)}
              className="pg-chat-link"
              style={{ display: 'block' }}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={600} truncate>
                  {agent.config.name}
                </Text>
                {isAgentDisabled(agent) && (
                  <Badge size="xs" variant="light" color="gray">
                    Disabled
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed" ff="monospace" truncate>
                {agent.config.llm ?? 'default LLM'}
              </Text>
            </Link>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function NoChatOpen({ agentName }: { agentName: string }) {
  return (
    <Stack justify="center" h="100%" className="tc-timeline">
      <EmptyBlock
        icon={<IconMessages size={28} aria-hidden />}
        title={`Rehearse with ${agentName}`}
        description="Open a chat on the left, or start a new one with a simulated person or a group."
      >
        <NewChatButton variant="filled" leftSection={<IconMessagePlus size={16} aria-hidden />} />
      </EmptyBlock>
    </Stack>
  );
}

/**
 * The Playground: pick an agent, open or create a Simulator chat, talk as simulated people, and
 * watch the agent's task graph, LLM exchange and parameters beside the conversation.
 */
export function PlaygroundPage(props: {
  agent: string | null;
  channelId: number | null;
  /** A message to show in the chat (a link from memory). */
  messageId?: number | null;
}) {
  return (
    <ConversationNetworkProvider network="simulator">
      <Playground {...props} />
    </ConversationNetworkProvider>
  );
}

function Playground({
  agent,
  channelId,
  messageId = null,
}: {
  agent: string | null;
  channelId: number | null;
  messageId?: number | null;
}) {
  const listStatus = useAgentsStore(agentsSelectors.listStatus);
  const agents = useAgentsStore(agentsSelectors.agents);
  const { loadAgents } = useAgentsStore(agentsSelectors.actions);
  const storeAgent = useConversationStore(conversationSelectors.agent);
  const { selectAgent, openChat, closeChat } = useConversationStore(conversationSelectors.actions);
  const [, navigate] = useLocation();

  useEffect(() => {
    if (listStatus === 'idle') void loadAgents();
  }, [listStatus, loadAgents]);

  // The route names the agent and chat; the store follows it. Coming back to the bare
  // Playground returns to the agent picked before.
  useEffect(() => {
    if (agent !== null) selectAgent(agent);
    else if (storeAgent !== null) navigate(playgroundPath(storeAgent), { replace: true });
  }, [agent, storeAgent, selectAgent, navigate]);

  const ref: ChatRef | null = useMemo(
    () => (agent !== null && channelId !== null ? { agent, channelId } : null),
    [agent, channelId],
  );
  useEffect(() => {
    if (ref) openChat(ref);
    else closeChat();
  }, [ref, openChat, closeChat]);

  const agentName = agents.find((candidate) => candidate.config.configName === agent)?.config.name ?? agent;
  useDocumentTitle(agentName ? `Playground · ${agentName}` : 'Playground');

  return (
    <ConversationLayout
      sidebarLabel="Simulator chats"
      sidebar={<ChatSidebar agent={agent} channelId={channelId} />}
      chatRef={ref}
      showChat={agent === null || ref !== null}
    >
      {(inspector) =>
        agent === null ? (
          <div className="pg-scroll">
            <PickAnAgent />
          </div>
        ) : ref === null ? (
          <NoChatOpen agentName={agentName ?? agent} />
        ) : (
          <ChatView
            key={`${ref.agent}/${ref.channelId}`}
            chatRef={ref}
            agentName={agentName ?? ref.agent}
            inspectorOpen={inspector.open}
            onToggleInspector={inspector.toggle}
            focusMessageId={messageId}
            composer={<Composer chatRef={ref} agentName={agentName ?? ref.agent} />}
          />
        )
      }
    </ConversationLayout>
  );
}
