import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconClockPause, IconSendOff } from '@tabler/icons-react';
import type { AgentConfig } from '../../../../shared/domain/config';
import type { TelegramAccountView } from '../../../../shared/domain/telegram';
import { formatDateTime } from '../../../ui/format';
import { useNow } from '../../../ui/RelativeTime';
import { CONNECTION_COLORS, CONNECTION_LABELS, disabledReason, formatRemaining, remainingMs } from '../model';

/** The account's connection, with why it is off or what went wrong on hover. */
export function ConnectionBadge({
  account,
  config,
}: {
  account: TelegramAccountView;
  config: Pick<AgentConfig, 'disabled'>;
}) {
  const why = account.connection === 'error' ? account.problem : disabledReason(config, account);
  const badge = (
    <Badge variant="dot" color={CONNECTION_COLORS[account.connection]} size="sm" tt="none" fw={500}>
      {CONNECTION_LABELS[account.connection]}
    </Badge>
  );
  return why ? (
    <Tooltip label={why} openDelay={300} multiline maw={320}>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}

/** Time left of a flood wait, ticking; renders nothing once it is over. */
export function CoolDownBadge({ until }: { until: string }) {
  const now = useNow(1000);
  const left = remainingMs(until, now.getTime());
  if (left === null) return null;
  return (
    <Tooltip
      label={`Waiting out a Telegram flood wait; tasks resume at ${formatDateTime(until)}.`}
      openDelay={300}
    >
      <Badge
        variant="light"
        color="yellow"
        size="sm"
        tt="none"
        leftSection={<IconClockPause size={12} aria-hidden />}
        // Read out once, not every second.
        aria-label={`Cool-down until ${formatDateTime(until)}`}
      >
        Cool-down {formatRemaining(left)}
      </Badge>
    </Tooltip>
  );
}

/** Telegram limited the account (PEER_FLOOD): nothing goes out until then. */
export function SendsStoppedBadge({ until }: { until: string }) {
  const now = useNow(60_000);
  if (remainingMs(until, now.getTime()) === null) return null;
  return (
    <Tooltip
      label={`Telegram limited this account; sends resume at ${formatDateTime(until)}.`}
      openDelay={300}
    >
      <Badge
        variant="light"
        color="red"
        size="sm"
        tt="none"
        leftSection={<IconSendOff size={12} aria-hidden />}
      >
        Sends stopped
      </Badge>
    </Tooltip>
  );
}

/** An agent's account at a glance: connection, @username, cool-down and stopped sends. */
export function AccountBadges({
  account,
  config,
}: {
  account: TelegramAccountView;
  config: Pick<AgentConfig, 'disabled'>;
}) {
  return (
    <Group gap={6} wrap="wrap">
      <ConnectionBadge account={account} config={config} />
      {account.user?.username && (
        <Text size="xs" c="dimmed" span>
          @{account.user.username}
        </Text>
      )}
      {account.coolDownUntil && <CoolDownBadge until={account.coolDownUntil} />}
      {account.sendsStoppedUntil && <SendsStoppedBadge until={account.sendsStoppedUntil} />}
    </Group>
  );
}
