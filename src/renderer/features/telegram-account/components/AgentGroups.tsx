import { Badge, Group, Paper, Stack, Switch, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDoorExit, IconUsersGroup } from '@tabler/icons-react';
import { type ChangeEvent, type ReactNode, useMemo, useState } from 'react';
import type { Membership } from '../../../../shared/api/telegram-membership-contract';
import { ConfirmAction } from '../../../ui/ConfirmAction';
import { EmptyBlock } from '../../../ui/states';
import { MEMBERSHIP_KIND_LABELS } from '../model';
import { telegramAccountSelectors } from '../selectors';
import { useTelegramAccountStore } from '../store';
import { PendingPart, useAccountPart } from './AccountPart';
import { SignedOutNotice } from './AgentProfile';
import { JoinGroupForm } from './JoinGroupForm';
import { PeerName } from './PeerName';
import { useAccountAction } from './use-account-action';

function MembershipName({ configName, membership }: { configName: string; membership: Membership }) {
  return (
    <PeerName
      configName={configName}
      peerId={membership.channelId}
      photoId={membership.photoId}
      name={membership.title}
    >
      <Group gap={6}>
        <Badge size="xs" variant="light" color="gray">
          {MEMBERSHIP_KIND_LABELS[membership.kind]}
        </Badge>
        {membership.username && (
          <Text size="xs" c="dimmed">
            @{membership.username}
          </Text>
        )}
      </Group>
    </PeerName>
  );
}

/**
 * The agent page's Groups & channels tab: the groups and channels the account is in, each muted
 * on Telegram and gagged in Troupe by a switch, left after a confirmation; and the form that joins
 * new ones.
 */
export function AgentGroups({ configName, agentName }: { configName: string; agentName: string }) {
  const memberships = useTelegramAccountStore(
    useMemo(() => telegramAccountSelectors.memberships(configName), [configName]),
  );
  const { loadMemberships, leaveGroup, setGroupMuted, setGroupGagged } = useTelegramAccountStore(
    telegramAccountSelectors.actions,
  );
  const [changing, setChanging] = useState<number | null>(null);
  const change = useAccountAction();
  const { signedIn } = useAccountPart(configName, loadMemberships);
  // On a phone the table keeps to the screen: Leave is its icon alone.
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });

  if (!signedIn) return <SignedOutNotice agentName={agentName} what="its groups and channels" />;
  const run = async (channelId: number, work: () => Promise<void>) => {
    setChanging(channelId);
    await change.run(work);
    setChanging(null);
  };
  const toggle = (channelId: number, set: typeof setGroupMuted) => (event: ChangeEvent<HTMLInputElement>) => {
    const on = event.currentTarget.checked;
    void run(channelId, () => set(configName, channelId, on));
  };

  let list: ReactNode;
  if (memberships.value === null) {
    list = (
      <PendingPart
        loaded={memberships}
        what="the groups and channels"
        onRetry={() => void loadMemberships(configName)}
      />
    );
  } else if (memberships.value.length === 0) {
    list = (
      <EmptyBlock
        icon={<IconUsersGroup size={28} aria-hidden />}
        title="No groups or channels"
        description={`${agentName}'s Telegram account is in no group or channel. Join one above.`}
      />
    );
  } else {
    list = (
      <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
        <Table verticalSpacing="xs" highlightOnHover aria-label="Groups and channels">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Group or channel</Table.Th>
              <Table.Th visibleFrom="sm">Members</Table.Th>
              <Table.Th>Muted</Table.Th>
              <Table.Th>Gagged</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {memberships.value.map((membership) => {
              const { channelId, title } = membership;
              const busy = changing === channelId;
              return (
                <Table.Tr key={channelId}>
                  <Table.Td>
                    <MembershipName configName={configName} membership={membership} />
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm">{membership.memberCount ?? '—'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={`Mute ${title}`}
                      checked={membership.muted}
                      disabled={busy}
                      onChange={toggle(channelId, setGroupMuted)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={`Gag ${agentName} in ${title}`}
                      checked={membership.gagged}
                      disabled={busy}
                      onChange={toggle(channelId, setGroupGagged)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <ConfirmAction
                      label={`Leave ${title}`}
                      icon={<IconDoorExit size={14} aria-hidden />}
                      text={wide ? 'Leave' : undefined}
                      question={`${agentName} leaves ${title} on Telegram; the conversation and what the agent remembers of it stay in Troupe.`}
                      confirmLabel="Leave"
                      onConfirm={() => run(channelId, () => leaveGroup(configName, channelId))}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Paper>
    );
  }

  return (
    <Stack gap="md" maw={900}>
      <Paper withBorder radius="md" p="md">
        <JoinGroupForm configName={configName} />
      </Paper>
      {change.error && (
        <Text size="sm" c="red" role="alert">
          {change.error}
        </Text>
      )}
      {list}
    </Stack>
  );
}
