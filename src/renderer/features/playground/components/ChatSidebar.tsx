import { Group, Loader, Select, Stack, Title } from '@mantine/core';
import { IconMessagePlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { EmptyBlock } from '../../../ui/states';
import { isAgentDisabled } from '../../agents/model';
import { agentsSelectors } from '../../agents/selectors';
import { useAgentsStore } from '../../agents/store';
import { ChatList } from '../../conversations/components/ChatList';
import { conversationSelectors } from '../../conversations/selectors';
import { useConversationStore } from '../../conversations/store';
import { playgroundPath } from '../paths';
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

/** The Playground's left column: the agent, its Simulator chats, and a new chat. */
export function ChatSidebar({ agent, channelId }: { agent: string | null; channelId: number | null }) {
  const refreshing = useConversationStore(conversationSelectors.chatListRefreshing);
  const agents = useAgentsStore(agentsSelectors.agents);
  const agentName = agents.find((candidate) => candidate.config.configName === agent)?.config.name ?? agent;
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
          <ChatList
            agent={agent}
            channelId={channelId}
            empty={
              <EmptyBlock
                icon={<IconMessagePlus size={26} aria-hidden />}
                title="No chats yet"
                description={`Start a chat to talk to ${agentName} as a simulated person.`}
              />
            }
          />
        </div>
      )}
    </>
  );
}
