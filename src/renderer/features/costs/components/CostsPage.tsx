import { Group, Select, Stack, Tabs } from '@mantine/core';
import { IconChartBar, IconCoin } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useLocation } from 'wouter';
import { PageHeader } from '../../../ui/PageHeader';
import { agentsSelectors } from '../../agents/selectors';
import { useAgentsStore } from '../../agents/store';
import { COSTS_PATH, PRICES_PATH } from '../paths';
import { type PriceRequest, PricesEditor } from './PricesEditor';
import { RangePicker } from './RangePicker';
import { UsageReport } from './UsageReport';
import { useUsageSummary } from './use-usage-summary';

function AgentFilter({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (agent: string | null) => void;
}) {
  const agents = useAgentsStore(agentsSelectors.agents);
  const { loadAgents } = useAgentsStore(agentsSelectors.actions);
  const listStatus = useAgentsStore(agentsSelectors.listStatus);
  useEffect(() => {
    if (listStatus === 'idle') void loadAgents();
  }, [listStatus, loadAgents]);
  const data = useMemo(
    () => agents.map((agent) => ({ value: agent.config.configName, label: agent.config.name })),
    [agents],
  );
  return (
    <Select
      aria-label="Agent"
      placeholder="All agents"
      data={data}
      value={value}
      onChange={onChange}
      clearable
      searchable
      w={220}
    />
  );
}

/** The window picker with what the runtime said about it (a window it refused). */
function WindowPicker({ agent }: { agent: string | null }) {
  const { view } = useUsageSummary(agent, null);
  return <RangePicker serverErrors={view?.fieldErrors} />;
}

/**
 * `#/costs`: what the agents' LLM calls cost over a window, per day, agent, conversation,
 * operation and model; `#/costs/prices`: the price catalogue they are priced with.
 */
export function CostsPage({
  tab,
  agent = null,
  priceRequest = null,
}: {
  tab: 'usage' | 'prices';
  agent?: string | null;
  priceRequest?: PriceRequest | null;
}) {
  const [, navigate] = useLocation();
  const filterTo = (next: string | null) =>
    navigate(next ? `${COSTS_PATH}/agent/${encodeURIComponent(next)}` : COSTS_PATH, { replace: true });

  return (
    <>
      <PageHeader
        title="Costs"
        documentTitle={tab === 'prices' ? 'Prices' : 'Costs'}
        description="What the agents' LLM calls cost, as they are recorded, and the prices they are computed with."
      />
      <Tabs
        value={tab}
        onChange={(next) => navigate(next === 'prices' ? PRICES_PATH : COSTS_PATH)}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="usage" leftSection={<IconChartBar size={16} aria-hidden />}>
            Usage
          </Tabs.Tab>
          <Tabs.Tab value="prices" leftSection={<IconCoin size={16} aria-hidden />}>
            Prices
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="usage">
          <Stack gap="md">
            <Group justify="space-between" align="flex-end" gap="sm">
              <WindowPicker agent={agent} />
              <AgentFilter value={agent} onChange={filterTo} />
            </Group>
            <UsageReport scope={{ kind: 'all', agent }} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="prices">
          <PricesEditor request={priceRequest} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
