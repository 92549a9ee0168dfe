import '../waiting-drafts.css';
import { Badge, Box, Button, Group, Menu, Text, VisuallyHidden } from '@mantine/core';
import { IconMessageExclamation } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import type { Network } from '../../../../shared/api/conversation-contract';
import { chatPath } from '../../conversations/paths';
import { useCopilotStore } from '../store';
import { draftsWaiting, draftsWaitingLabel, waitingChatLabel } from '../waiting-drafts';
import type { WaitingDraftsState } from '../waiting-drafts-slice';

const NETWORK_NAMES: Record<Network, string> = { simulator: 'Playground', telegram: 'Telegram' };

/** The chats with drafts waiting, listed once by the first view that shows them. */
function useWaitingDrafts(): WaitingDraftsState {
  const waiting = useCopilotStore((state) => state.waiting);
  const { followWaitingDrafts } = useCopilotStore((state) => state.actions);
  useEffect(() => followWaitingDrafts(), [followWaitingDrafts]);
  return waiting;
}

/**
 * The header's "3 drafts waiting": a menu of the chats whose agent drafted messages that wait for
 * approval (agent · chat, how many), each a link to its conversation. Nothing shows when none wait.
 */
export function WaitingDraftsMenu() {
  const { chats } = useWaitingDrafts();
  const total = draftsWaiting(chats);
  if (total === 0) return null;
  const label = draftsWaitingLabel(total);
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width="min(22rem, calc(100vw - 1rem))">
      <Menu.Target>
        <Button
          size="xs"
          variant="light"
          color="orange"
          px={8}
          leftSection={<IconMessageExclamation size={16} aria-hidden />}
          aria-label={label}
          className="troupe-drafts-waiting"
        >
          {total}
          <Box component="span" visibleFrom="sm">
            &nbsp;{total === 1 ? 'draft waiting' : 'drafts waiting'}
          </Box>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Drafts waiting for your approval</Menu.Label>
        {chats.map((chat) => (
          <Menu.Item
            key={`${chat.network}/${chat.agent}/${chat.channelId}`}
            component={Link}
            href={chatPath(chat.network, chat.agent, chat.channelId)}
            aria-label={waitingChatLabel(chat)}
            classNames={{ itemLabel: 'troupe-drafts-chat' }}
            rightSection={
              <Badge size="sm" color="orange" variant="light" circle={chat.drafts < 10} aria-hidden>
                {chat.drafts}
              </Badge>
            }
          >
            <Text size="sm" truncate>
              <Text span fw={600} inherit>
                {chat.agentName}
              </Text>{' '}
              · {chat.title}
            </Text>
            <Text size="xs" c="dimmed">
              {NETWORK_NAMES[chat.network]}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * How many drafts wait in one network's conversations, beside its navigation link (over its icon
 * on the icon rail); a screen reader hears it with the link's name. Nothing when none wait.
 */
export function NavDraftsCount({ network, rail = false }: { network: Network; rail?: boolean }) {
  const { chats } = useWaitingDrafts();
  const count = draftsWaiting(chats, network);
  if (count === 0) return null;
  return (
    <Group
      gap={0}
      wrap="nowrap"
      className={rail ? 'troupe-nav-drafts troupe-nav-drafts-rail' : 'troupe-nav-drafts'}
    >
      <Badge size={rail ? 'xs' : 'sm'} color="orange" variant="filled" circle={count < 10} aria-hidden>
        {count}
      </Badge>
      <VisuallyHidden>, {draftsWaitingLabel(count)}</VisuallyHidden>
    </Group>
  );
}
