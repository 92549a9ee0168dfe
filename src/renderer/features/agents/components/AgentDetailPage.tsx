import { Anchor, Button, Group, Paper, Tabs, Text } from '@mantine/core';
import {
  IconArrowLeft,
  IconBrain,
  IconFileDescription,
  IconMessageChatbot,
  IconMoodEmpty,
} from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import type { AgentDetail } from '../../../../shared/api/contract';
import type { Network } from '../../../../shared/api/conversation-contract';
import { PageHeader } from '../../../ui/PageHeader';
import { EmptyBlock, ErrorState, LoadingState } from '../../../ui/states';
import { isLoggedIn } from '../../conversations/telegram-agents';
import { AgentMemory } from '../../memory/components/AgentMemory';
import { playgroundPath } from '../../playground/paths';
import { telegramSelectors } from '../../telegram/selectors';
import { useTelegramStore } from '../../telegram/store';
import { AGENTS_PATH, agentMemoryPath, agentPath } from '../paths';
import { agentsSelectors } from '../selectors';
import { useAgentsStore } from '../store';
import { AgentOverview } from './AgentOverview';
import { AgentStatusBadges } from './AgentStatusBadges';

function BackToAgents() {
  return (
    <Anchor component={Link} href={AGENTS_PATH} size="sm" w="fit-content">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        All agents
      </Group>
    </Anchor>
  );
}

/** Which tab of the agent's page the address names, with the Memory tab's network and person. */
export type AgentPageView =
  | { tab: 'overview' }
  | { tab: 'memory'; network: Network | null; partnerId: number | null };

/** The agent's page: its header, and the Overview (its file) or Memory tab the address names. */
export function AgentDetailView({ detail, view }: { detail: AgentDetail; view: AgentPageView }) {
  const { config, runtime } = detail;
  const [, navigate] = useLocation();
  const account = useTelegramStore(
    useMemo(() => telegramSelectors.account(config.configName), [config.configName]),
  );
  // Telegram memory matters once the agent lives there; before, what it learnt rehearsing.
  const memoryNetwork: Network =
    view.tab === 'memory' && view.network ? view.network : isLoggedIn(account) ? 'telegram' : 'simulator';

  return (
    <>
      <PageHeader
        before={<BackToAgents />}
        title={config.name}
        documentTitle={view.tab === 'memory' ? `${config.name} · Memory` : config.name}
        description={
          <Group gap="sm" mt={2}>
            <Text span size="sm" ff="monospace" c="dimmed">
              {config.configName}
            </Text>
            <AgentStatusBadges config={config} runtime={runtime} account={account} />
          </Group>
        }
        actions={
          <Button
            component={Link}
            href={playgroundPath(config.configName)}
            variant="light"
            leftSection={<IconMessageChatbot size={16} aria-hidden />}
          >
            Rehearse in the Playground
          </Button>
        }
      />
      <Tabs
        value={view.tab}
        onChange={(tab) =>
          navigate(tab === 'memory' ? agentMemoryPath(config.configName) : agentPath(config.configName))
        }
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="overview" leftSection={<IconFileDescription size={16} aria-hidden />}>
            Overview
          </Tabs.Tab>
          <Tabs.Tab value="memory" leftSection={<IconBrain size={16} aria-hidden />}>
            Memory
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview">
          <AgentOverview detail={detail} />
        </Tabs.Panel>
        <Tabs.Panel value="memory">
          <AgentMemory
            configName={config.configName}
            agentName={config.name}
            network={memoryNetwork}
            partnerId={view.tab === 'memory' ? view.partnerId : null}
          />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

/** `#/agents/:configName`: loads the agent and shows it, or says why it cannot. */
export function AgentDetailPage({
  configName,
  view = { tab: 'overview' },
}: {
  configName: string;
  view?: AgentPageView;
}) {
  const selectDetail = useMemo(() => agentsSelectors.detailFor(configName), [configName]);
  const agent = useAgentsStore(selectDetail);
  const { openAgent } = useAgentsStore(agentsSelectors.actions);

  useEffect(() => {
    void openAgent(configName);
  }, [configName, openAgent]);

  if (agent?.status === 'ready' && agent.detail) return <AgentDetailView detail={agent.detail} view={view} />;

  if (agent?.status === 'not-found') {
    return (
      <>
        <PageHeader before={<BackToAgents />} title="Agent not found" />
        <Paper withBorder radius="md">
          <EmptyBlock
            icon={<IconMoodEmpty size={28} aria-hidden />}
            title={`There is no agent “${configName}”`}
            description="No agent file in the config directories has this config name. It may have been renamed or removed."
          >
            <Button component={Link} href={AGENTS_PATH} variant="default">
              Back to all agents
            </Button>
          </EmptyBlock>
        </Paper>
      </>
    );
  }

  if (agent?.status === 'error') {
    return (
      <>
        <PageHeader before={<BackToAgents />} title={configName} />
        <ErrorState
          title="This agent could not be loaded"
          message={agent.error ?? 'Unknown error.'}
          onRetry={() => void openAgent(configName)}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader before={<BackToAgents />} title={configName} />
      <LoadingState label="Loading agent…" />
    </>
  );
}
