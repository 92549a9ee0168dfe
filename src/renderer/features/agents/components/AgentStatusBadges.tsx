import { Badge, Group, Tooltip } from '@mantine/core';
import type { AgentRuntimeState, LoginState } from '../../../../shared/domain/agent-runtime';
import type { AgentConfig } from '../../../../shared/domain/config';
import { LOGIN_STATE_LABELS } from '../model';

const LOGIN_STATE_COLORS: Record<LoginState, string> = {
  'logged-in': 'teal',
  'logging-in': 'yellow',
  'logged-out': 'gray',
};

export function LoginStateBadge({ state }: { state: LoginState }) {
  return (
    <Badge variant="dot" color={LOGIN_STATE_COLORS[state]} size="sm" tt="none" fw={500}>
      {LOGIN_STATE_LABELS[state]}
    </Badge>
  );
}

/** Disabled (by file or by the operator's switch), Gagged, and the Telegram login state. */
export function AgentStatusBadges({
  config,
  runtime,
}: {
  config: Pick<AgentConfig, 'disabled' | 'gagged'>;
  runtime: AgentRuntimeState;
}) {
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
      {config.gagged && (
        <Tooltip label="Reads messages but sends nothing by default." openDelay={300}>
          <Badge variant="light" color="orange" size="sm" tt="none">
            Gagged
          </Badge>
        </Tooltip>
      )}
      <LoginStateBadge state={runtime.loginState} />
    </Group>
  );
}
