import { Anchor, Button, Group, Paper, Tabs, Text } from '@mantine/core';
import {
  IconAddressBook,
  IconArrowLeft,
  IconBrain,
  IconCalendarTime,
  IconChartBar,
  IconFileDescription,
  IconFiles,
  IconMessageChatbot,
  IconMoodEmpty,
  IconPhoto,
  IconTopologyStar3,
  IconUserCircle,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Suspense, useEffect, useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import type { AgentDetail } from '../../../../shared/api/contract';
import type { Network } from '../../../../shared/api/conversation-contract';
import { lazyComponent } from '../../../ui/lazy-component';
import { PageHeader } from '../../../ui/PageHeader';
import { EmptyBlock, ErrorState, LoadingState } from '../../../ui/states';
import { useActiveTabInView } from '../../../ui/use-active-tab-in-view';
import { isLoggedIn } from '../../conversations/telegram-agents';
import { agentCostsPath } from '../../costs/paths';
import { agentDocumentsPath } from '../../documents/paths';
import { playgroundPath } from '../../playground/paths';
import { telegramSelectors } from '../../telegram/selectors';
import { useTelegramStore } from '../../telegram/store';
import { useAccountsLoaded } from '../../telegram/use-accounts-loaded';
import { agentContactsPath, agentGroupsPath, agentProfilePath } from '../../telegram-account/paths';
import {
  AGENTS_PATH,
  type AgentEditField,
  agentMediaPath,
  agentMemoryPath,
  agentPath,
  agentPlansPath,
  agentSchedulePath,
} from '../paths';
import { agentsSelectors } from '../selectors';
import { useAgentsStore } from '../store';
import { AgentOverview } from './AgentOverview';
import { AgentStatusBadges } from './AgentStatusBadges';
import { NetworkSwitch } from './NetworkSwitch';

// The Overview is what opens first; each other tab is a chunk of its own, fetched when it is opened,
// so the agent page (fetched ahead by every console) stays small.
const AgentMemory = lazyComponent(() =>
  import('../../memory/components/AgentMemory').then((m) => m.AgentMemory),
);
const AgentMediaLibrary = lazyComponent(() =>
  import('../../media/components/library/AgentMediaLibrary').then((m) => m.AgentMediaLibrary),
);
const AgentPlans = lazyComponent(() =>
  import('../../conversations/components/agent-plans/AgentPlans').then((m) => m.AgentPlans),
);
const AgentCosts = lazyComponent(() => import('../../costs/components/AgentCosts').then((m) => m.AgentCosts));
const AgentDocuments = lazyComponent(() =>
  import('../../documents/components/AgentDocuments').then((m) => m.AgentDocuments),
);
const AgentSchedule = lazyComponent(() =>
  import('../../schedule/components/AgentSchedule').then((m) => m.AgentSchedule),
);
const AgentProfile = lazyComponent(() =>
  import('../../telegram-account/components/AgentProfile').then((m) => m.AgentProfile),
);
const AgentContacts = lazyComponent(() =>
  import('../../telegram-account/components/AgentContacts').then((m) => m.AgentContacts),
);
const AgentGroups = lazyComponent(() =>
  import('../../telegram-account/components/AgentGroups').then((m) => m.AgentGroups),
);
const TAB_LOADING = <LoadingState label="Loading…" />;

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
  | { tab: 'overview'; edit?: AgentEditField | 'all' }
  | { tab: 'memory'; network: Network | null; partnerId: number | null }
  | { tab: 'media'; network: Network | null }
  | { tab: 'plans'; network: Network | null }
  | { tab: 'costs' }
  | { tab: 'documents' }
  | { tab: 'schedule' }
  | { tab: 'profile' }
  | { tab: 'contacts' }
  | { tab: 'groups' };

const TAB_TITLES: Record<AgentPageView['tab'], string | null> = {
  overview: null,
  memory: 'Memory',
  media: 'Media',
  plans: 'Plans',
  costs: 'Costs',
  documents: 'Documents',
  schedule: 'Schedule',
  profile: 'Profile',
  contacts: 'Contacts',
  groups: 'Groups & channels',
};

const TAB_PATHS: Record<AgentPageView['tab'], (configName: string) => string> = {
  overview: agentPath,
  memory: (configName) => agentMemoryPath(configName),
  media: (configName) => agentMediaPath(configName),
  plans: (configName) => agentPlansPath(configName),
  costs: agentCostsPath,
  documents: agentDocumentsPath,
  schedule: agentSchedulePath,
  profile: agentProfilePath,
  contacts: agentContactsPath,
  groups: agentGroupsPath,
};

/** The agent's page: its header, and the Overview (its file), Memory, Media or Plans tab the address names. */
export function AgentDetailView({ detail, view }: { detail: AgentDetail; view: AgentPageView }) {
  const { config, runtime } = detail;
  const [, navigate] = useLocation();
  // Every tab reads the account (the badges, the account's tabs, the network shown), not only the Overview.
  useAccountsLoaded();
  const account = useTelegramStore(
    useMemo(() => telegramSelectors.account(config.configName), [config.configName]),
  );
  // Telegram matters once the agent lives there; before, what it learnt and holds rehearsing.
  const network: Network =
    'network' in view && view.network ? view.network : isLoggedIn(account) ? 'telegram' : 'simulator';
  const tabTitle = TAB_TITLES[view.tab];
  const tabStrip = useActiveTabInView<HTMLDivElement>(view.tab);

  return (
    <>
      <PageHeader
        before={<BackToAgents />}
        title={config.name}
        documentTitle={tabTitle ? `${config.name} · ${tabTitle}` : config.name}
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
          navigate(TAB_PATHS[(tab as AgentPageView['tab'] | null) ?? 'overview'](config.configName))
        }
        keepMounted={false}
      >
        <Tabs.List mb="lg" className="troupe-tab-strip" ref={tabStrip}>
          <Tabs.Tab value="overview" leftSection={<IconFileDescription size={16} aria-hidden />}>
            Overview
          </Tabs.Tab>
          <Tabs.Tab value="memory" leftSection={<IconBrain size={16} aria-hidden />}>
            Memory
          </Tabs.Tab>
          <Tabs.Tab value="media" leftSection={<IconPhoto size={16} aria-hidden />}>
            Media
          </Tabs.Tab>
          <Tabs.Tab value="plans" leftSection={<IconTopologyStar3 size={16} aria-hidden />}>
            Plans
          </Tabs.Tab>
          <Tabs.Tab value="schedule" leftSection={<IconCalendarTime size={16} aria-hidden />}>
            Schedule
          </Tabs.Tab>
          <Tabs.Tab value="costs" leftSection={<IconChartBar size={16} aria-hidden />}>
            Costs
          </Tabs.Tab>
          <Tabs.Tab value="documents" leftSection={<IconFiles size={16} aria-hidden />}>
            Documents
          </Tabs.Tab>
          {/* The account's own tabs, while the agent is signed in to Telegram (or an address names them). */}
          {(isLoggedIn(account) || view.tab === 'profile') && (
            <Tabs.Tab value="profile" leftSection={<IconUserCircle size={16} aria-hidden />}>
              Profile
            </Tabs.Tab>
          )}
          {(isLoggedIn(account) || view.tab === 'contacts') && (
            <Tabs.Tab value="contacts" leftSection={<IconAddressBook size={16} aria-hidden />}>
              Contacts
            </Tabs.Tab>
          )}
          {(isLoggedIn(account) || view.tab === 'groups') && (
            <Tabs.Tab value="groups" leftSection={<IconUsersGroup size={16} aria-hidden />}>
              Groups
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="overview">
          <AgentOverview detail={detail} edit={view.tab === 'overview' ? view.edit : undefined} />
        </Tabs.Panel>
        <Tabs.Panel value="memory">
          <Suspense fallback={TAB_LOADING}>
            <AgentMemory
              configName={config.configName}
              agentName={config.name}
              network={network}
              partnerId={view.tab === 'memory' ? view.partnerId : null}
            />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="media">
          <Suspense fallback={TAB_LOADING}>
            <AgentMediaLibrary configName={config.configName} agentName={config.name} network={network} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="plans">
          <Suspense fallback={TAB_LOADING}>
            <AgentPlans
              agent={config.configName}
              agentName={config.name}
              network={network}
              networkSwitch={
                <NetworkSwitch
                  value={network}
                  onChange={(value) => navigate(agentPlansPath(config.configName, value), { replace: true })}
                />
              }
            />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="schedule">
          <Suspense fallback={TAB_LOADING}>
            <AgentSchedule
              configName={config.configName}
              agentName={config.name}
              keepsSchedule={config.dailySchedule !== null}
            />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="costs">
          <Suspense fallback={TAB_LOADING}>
            <AgentCosts agent={config.configName} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="documents">
          <Suspense fallback={TAB_LOADING}>
            <AgentDocuments configName={config.configName} agentName={config.name} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="profile">
          <Suspense fallback={TAB_LOADING}>
            <AgentProfile configName={config.configName} agentName={config.name} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="contacts">
          <Suspense fallback={TAB_LOADING}>
            <AgentContacts configName={config.configName} agentName={config.name} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="groups">
          <Suspense fallback={TAB_LOADING}>
            <AgentGroups configName={config.configName} agentName={config.name} />
          </Suspense>
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
