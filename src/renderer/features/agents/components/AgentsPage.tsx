import { Button, CloseButton, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh, IconSearch, IconUsers } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { Link } from 'wouter';
import { useShallow } from 'zustand/react/shallow';
import { errorMessage } from '../../../api/errors';
import { FilterChips } from '../../../ui/FilterChips';
import { pluralize } from '../../../ui/format';
import { PageHeader } from '../../../ui/PageHeader';
import { EmptyBlock, ErrorState, LoadingState } from '../../../ui/states';
import { useAccountsLoaded } from '../../telegram/use-accounts-loaded';
import { AGENT_FILTER_LABELS, AGENT_FILTERS, countByFilter } from '../model';
import { agentsSelectors } from '../selectors';
import { useAgentsStore } from '../store';
import { AgentTable } from './AgentTable';
import { ConfigProblemsPanel } from './ConfigProblemsPanel';
import { NewAgentButton } from './lifecycle/NewAgentButton';

function ReloadConfigButton() {
  const reloading = useAgentsStore(agentsSelectors.reloading);
  const { reloadConfig } = useAgentsStore(agentsSelectors.actions);

  const reload = async () => {
    try {
      const report = await reloadConfig();
      const errors = report.problems.filter((problem) => problem.severity === 'error').length;
      notifications.show({
        color: errors > 0 ? 'yellow' : 'teal',
        title: 'Configuration reloaded',
        message: `${pluralize(report.agentCount, 'agent')}, ${pluralize(report.problems.length, 'problem')}.`,
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Could not reload the configuration',
        message: errorMessage(error),
      });
    }
  };

  return (
    <Button
      variant="default"
      leftSection={<IconRefresh size={16} aria-hidden />}
      loading={reloading}
      onClick={() => void reload()}
    >
      Reload config
    </Button>
  );
}

function AgentsToolbar() {
  const query = useAgentsStore(agentsSelectors.query);
  const filter = useAgentsStore(agentsSelectors.filter);
  const agents = useAgentsStore(agentsSelectors.agents);
  const { setQuery, setFilter } = useAgentsStore(agentsSelectors.actions);
  const counts = useMemo(() => countByFilter(agents), [agents]);

  return (
    <Stack gap="sm">
      <TextInput
        aria-label="Search agents"
        placeholder="Search by name, config name, LLM, timezone or role prompt"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        rightSection={
          query !== '' ? (
            <CloseButton size="sm" aria-label="Clear search" onClick={() => setQuery('')} />
          ) : null
        }
        maw={520}
      />
      <FilterChips
        label="Show agents"
        options={AGENT_FILTERS}
        labels={AGENT_FILTER_LABELS}
        value={filter}
        onChange={setFilter}
        counts={counts}
      />
    </Stack>
  );
}

function AgentsContent() {
  const listStatus = useAgentsStore(agentsSelectors.listStatus);
  const listError = useAgentsStore(agentsSelectors.listError);
  const total = useAgentsStore(agentsSelectors.agentCount);
  const visible = useAgentsStore(useShallow(agentsSelectors.visibleAgents));
  const problems = useAgentsStore(agentsSelectors.problems);
  const refreshing = useAgentsStore(agentsSelectors.refreshing);
  const { loadAgents, setQuery, setFilter } = useAgentsStore(agentsSelectors.actions);

  if (listStatus === 'idle' || listStatus === 'loading') return <LoadingState label="Loading agents…" />;
  if (listStatus === 'error') {
    return (
      <ErrorState
        title="The agents could not be loaded"
        message={listError ?? 'Unknown error.'}
        onRetry={() => void loadAgents()}
      />
    );
  }

  return (
    <Stack gap="lg">
      {listError && (
        <ErrorState
          title="The list may be out of date"
          message={listError}
          onRetry={() => void loadAgents()}
        />
      )}
      <ConfigProblemsPanel problems={problems} />
      {total === 0 ? (
        <Paper withBorder radius="md">
          <EmptyBlock
            icon={<IconUsers size={28} aria-hidden />}
            title="No agents yet"
            description={
              <>
                Troupe reads one agent per <code>agents/*.md</code> file in each config directory. Create one
                here, add a file there, or point the config path at your directories in Settings, then reload.
              </>
            }
          >
            <NewAgentButton />
            <ReloadConfigButton />
            <Button component={Link} href="/settings" variant="subtle">
              Open Settings
            </Button>
          </EmptyBlock>
        </Paper>
      ) : (
        <Stack gap="sm">
          <AgentsToolbar />
          <Group gap="xs">
            <Text size="sm" c="dimmed" role="status" aria-live="polite">
              {visible.length === total
                ? pluralize(total, 'agent')
                : `Showing ${visible.length} of ${pluralize(total, 'agent')}`}
            </Text>
            {refreshing && <Loader size={12} aria-label="Refreshing the list" />}
          </Group>
          <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
            {visible.length === 0 ? (
              <EmptyBlock
                icon={<IconSearch size={28} aria-hidden />}
                title="No agents match"
                description="Nothing matches this search and filter."
              >
                <Button
                  variant="default"
                  onClick={() => {
                    setQuery('');
                    setFilter('all');
                  }}
                >
                  Clear search and filter
                </Button>
              </EmptyBlock>
            ) : (
              <AgentTable agents={visible} />
            )}
          </Paper>
        </Stack>
      )}
    </Stack>
  );
}

/** The agents page: every configured agent, searchable, with the config's problems; new agents start here. */
export function AgentsPage() {
  const listStatus = useAgentsStore(agentsSelectors.listStatus);
  const { loadAgents } = useAgentsStore(agentsSelectors.actions);

  useEffect(() => {
    if (listStatus === 'idle') void loadAgents();
  }, [listStatus, loadAgents]);

  // The rows show each account's state; without it they fall back to the login state.
  useAccountsLoaded();

  return (
    <>
      <PageHeader
        title="Agents"
        description="The personas Troupe runs, as read from the config directories."
        actions={
          <Group gap="xs">
            <ReloadConfigButton />
            <NewAgentButton />
          </Group>
        }
      />
      <AgentsContent />
    </>
  );
}
