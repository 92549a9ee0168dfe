import { Badge, Group, Tooltip } from '@mantine/core';
import type { AgentRuntimeState, LoginState } from '../../../../shared/domain/agent-runtime';
import type { AgentConfig } from '../../../../shared/domain/config';
import type { TelegramAccountView } from '../../../../shared/domain/telegram';
import { AccountBadges } from '../../telegram/components/AccountBadges';
import { LOGIN_STATE_LABELS } from '../model';

const LOGIN_STATE_COLORS: Record<LoginState, string> = {
  'logged-in': 'teal',
  'logging-in': 'yellow',
  'logged-out': 'gray',
};

function LoginStateBadge({ state }: { state: LoginState }) {
  return (
    <Badge variant="dot" color={LOGIN_STATE_COLORS[state]} size="sm" tt="none" fw={500}>
      {LOGIN_STATE_LABELS[state]}
    </Badge>
  );
}

/**
 * Gagged, and the Telegram account's state when it is known (its connection badge says Disabled,
 * and why); until then Disabled (by file or by the operator's switch) and the login state.
 */
export function AgentStatusBadges({
  config,
  runtime,
  account,
}: {
  config: Pick<AgentConfig, 'disabled' | 'gagged'>;
  runtime: AgentRuntimeState;
  account: TelegramAccountView | null;
}) {
  const gagged = config.gagged && (
    <Tooltip label="Reads messages but sends nothing by default." openDelay={300}>
      <Badge variant="light" color="orange" size="sm" tt="none">
        Gagged
      </Badge>
    </Tooltip>
  );
  if (account) {
    return (
      <Group gap={6} wrap="wrap">
        {gagged}
        <AccountBadges account={account} config={config} />
      </Group>
    );
  }
  const disabledReason = config.disabled
    ? 'The agent file has a Disabled section.'
    : runtime.enabled
      ? null
      : 'Switched off by an operator.';
  return (
    <Group gap={6} wrap="wrap">
      {disabledReason && (
        <Tooltip label={disabledReason} openDelay={300}>
          <Badge variant="default" size="sm" tt="none" c="dimmed">
            Disabled
          </Badge>
        </Tooltip>
      )}
      {gagged}
      <LoginStateBadge state={runtime.loginState} />
    </Group>
  );
}
