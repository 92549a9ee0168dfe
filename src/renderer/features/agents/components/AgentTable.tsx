import { Avatar, Badge, Box, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { memo, useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import type { AgentSummary } from '../../../../shared/api/contract';
import { pluralize } from '../../../ui/format';
import { telegramSelectors } from '../../telegram/selectors';
import { useTelegramStore } from '../../telegram/store';
import { agentPath } from '../paths';
import { AgentStatusBadges } from './AgentStatusBadges';

const MAX_PROMPTS_SHOWN = 4;

function RolePrompts({ prompts }: { prompts: readonly string[] }) {
  if (prompts.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        none
      </Text>
    );
  }
  const shown = prompts.slice(0, MAX_PROMPTS_SHOWN);
  const hidden = prompts.slice(MAX_PROMPTS_SHOWN);
  return (
    <Group gap={4} wrap="wrap">
      {shown.map((prompt) => (
        <Badge key={prompt} variant="default" size="sm" tt="none" fw={500}>
          {prompt}
        </Badge>
      ))}
      {hidden.length > 0 && (
        <Tooltip label={hidden.join(', ')} multiline maw={280}>
          <Badge
            variant="transparent"
            color="gray"
            size="sm"
            tt="none"
            aria-label={`and ${hidden.join(', ')}`}
          >
            +{hidden.length}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}

function Unset({ children }: { children: string }) {
  return (
    <Text size="sm" c="dimmed" fs="italic">
      {children}
    </Text>
  );
}

const AgentRow = memo(function AgentRow({ agent }: { agent: AgentSummary }) {
  const { config, runtime, problemCount } = agent;
  const account = useTelegramStore(
    useMemo(() => telegramSelectors.account(config.configName), [config.configName]),
  );
  const [, navigate] = useLocation();
  const href = agentPath(config.configName);
  return (
    <Table.Tr
      className="troupe-clickable-row"
      onClick={(event) => {
        // The name is the row's real link (keyboard, middle-click); the rest of the row is a
        // convenience for the mouse, which must not hijack clicks on the link itself.
        if (event.target instanceof Element && event.target.closest('a')) return;
        navigate(href);
      }}
    >
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <Avatar name={config.name} color="initials" radius="xl" size={34} aria-hidden />
          <Stack gap={0} miw={0}>
            <Text component={Link} href={href} fw={600} size="sm" className="troupe-row-link">
              {config.name}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace" truncate>
              {config.configName}
            </Text>
          </Stack>
        </Group>
      </Table.Td>
      <Table.Td>{config.llm ? <Text size="sm">{config.llm}</Text> : <Unset>default</Unset>}</Table.Td>
      <Table.Td>
        {config.timezone ? <Text size="sm">{config.timezone}</Text> : <Unset>server time</Unset>}
      </Table.Td>
      <Table.Td>
        <RolePrompts prompts={config.rolePrompts} />
      </Table.Td>
      <Table.Td>
        <AgentStatusBadges config={config} runtime={runtime} account={account} />
      </Table.Td>
      <Table.Td ta="right">
        {problemCount > 0 ? (
          <Badge color="red" variant="light" size="sm" tt="none">
            {pluralize(problemCount, 'problem')}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed" aria-label="No problems">
            —
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
});

/** One agent on a phone-sized screen: a card with what matters at a glance, the whole card a link. */
const AgentCard = memo(function AgentCard({ agent }: { agent: AgentSummary }) {
  const { config, runtime, problemCount } = agent;
  const account = useTelegramStore(
    useMemo(() => telegramSelectors.account(config.configName), [config.configName]),
  );
  return (
    <Paper
      component={Link}
      href={agentPath(config.configName)}
      withBorder
      radius="md"
      p="sm"
      className="troupe-agent-card"
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar name={config.name} color="initials" radius="xl" size={34} aria-hidden />
        <Stack gap={6} miw={0} style={{ flex: 1 }}>
          <Group gap={6} justify="space-between" wrap="nowrap">
            <Stack gap={0} miw={0}>
              <Text fw={600} size="sm" truncate>
                {config.name}
              </Text>
              <Text size="xs" c="dimmed" ff="monospace" truncate>
                {config.configName} · {config.llm ?? 'default LLM'}
              </Text>
            </Stack>
            {problemCount > 0 && (
              <Badge color="red" variant="light" size="sm" tt="none" style={{ flex: 'none' }}>
                {pluralize(problemCount, 'problem')}
              </Badge>
            )}
          </Group>
          <AgentStatusBadges config={config} runtime={runtime} account={account} />
        </Stack>
      </Group>
    </Paper>
  );
});

/**
 * The agents, one row each, the display name the row's link to the agent's page; on a
 * phone-sized screen, one card each instead, as a table that wide would only scroll sideways.
 */
export function AgentTable({ agents }: { agents: readonly AgentSummary[] }) {
  return (
    <>
      <Stack component="ul" gap="xs" hiddenFrom="sm" aria-label="Agents" className="troupe-agent-cards">
        {agents.map((agent) => (
          <li key={agent.config.configName}>
            <AgentCard agent={agent} />
          </li>
        ))}
      </Stack>
      <Box visibleFrom="sm">
        <AgentWideTable agents={agents} />
      </Box>
    </>
  );
}

function AgentWideTable({ agents }: { agents: readonly AgentSummary[] }) {
  return (
    <Table.ScrollContainer minWidth={860} type="native">
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label="Agents">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Agent</Table.Th>
            <Table.Th>LLM</Table.Th>
            <Table.Th>Timezone</Table.Th>
            <Table.Th>Role prompts</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Problems</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {agents.map((agent) => (
            <AgentRow key={agent.config.configName} agent={agent} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
