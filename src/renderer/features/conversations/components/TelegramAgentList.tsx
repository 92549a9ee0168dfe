import { Anchor, Avatar, Group, Stack, Text } from '@mantine/core';
import { Link } from 'wouter';
import { agentPath } from '../../agents/paths';
import { AccountBadges } from '../../telegram/components/AccountBadges';
import { initials } from '../model';
import { conversationsPath } from '../paths';
import type { TelegramAgentEntry, TelegramAgents } from '../telegram-agents';

const LIST_STYLE = { listStyle: 'none' } as const;

function LoggedInAgent({ entry, active }: { entry: TelegramAgentEntry; active: boolean }) {
  return (
    <Link
      href={conversationsPath(entry.configName)}
      className="pg-chat-link"
      aria-current={active ? 'page' : undefined}
    >
      <Avatar radius="xl" size={32} color="indigo" variant="filled" aria-hidden>
        {initials(entry.name)}
      </Avatar>
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Text size="sm" fw={600} truncate>
          {entry.name}
        </Text>
        {entry.account && <AccountBadges account={entry.account} config={entry} />}
      </Stack>
    </Link>
  );
}

/** Greyed: nothing to watch until the agent logs in, which happens on its page. */
function NotLoggedInAgent({ entry }: { entry: TelegramAgentEntry }) {
  return (
    <Group gap={10} wrap="nowrap" px={10} py={6}>
      <Avatar radius="xl" size={32} color="gray" variant="light" aria-hidden>
        {initials(entry.name)}
      </Avatar>
      <Stack gap={0} miw={0} style={{ flex: 1 }}>
        <Text size="sm" c="dimmed" truncate>
          {entry.name}
        </Text>
        <Text size="xs" c="dimmed">
          not logged in
        </Text>
      </Stack>
      <Anchor
        component={Link}
        href={agentPath(entry.configName)}
        size="xs"
        aria-label={`Log in ${entry.name} on its page`}
      >
        Log in
      </Anchor>
    </Group>
  );
}

/** The agents of the Conversations page: logged-in ones to pick, then the others, greyed. */
export function TelegramAgentList({ agents, selected }: { agents: TelegramAgents; selected: string | null }) {
  return (
    <Stack gap={4}>
      {agents.loggedIn.length > 0 && (
        <nav aria-label="Telegram agents">
          <Stack gap={2} component="ul" m={0} p={0} style={LIST_STYLE}>
            {agents.loggedIn.map((entry) => (
              <li key={entry.configName}>
                <LoggedInAgent entry={entry} active={entry.configName === selected} />
              </li>
            ))}
          </Stack>
        </nav>
      )}
      {agents.notLoggedIn.length > 0 && (
        <Stack
          gap={0}
          component="ul"
          m={0}
          p={0}
          style={LIST_STYLE}
          aria-label="Agents not logged in to Telegram"
        >
          {agents.notLoggedIn.map((entry) => (
            <li key={entry.configName}>
              <NotLoggedInAgent entry={entry} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
