import { Button, Group, Select, Switch, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBulb, IconPencil } from '@tabler/icons-react';
import type { ConversationParameters } from '../../../../shared/api/conversation-contract';
import { errorMessage } from '../../../api/errors';

type ApprovalChoice = 'inherit' | 'on' | 'off';

function approvalChoice(override: boolean | null): ApprovalChoice {
  if (override === null) return 'inherit';
  return override ? 'on' : 'off';
}

const OVERRIDE_OF: Record<ApprovalChoice, boolean | null> = { inherit: null, on: true, off: false };

/**
 * The conversation's co-pilot switches: "operator only" (the agent stays silent), whether the
 * agent's messages wait for approval here, and the buttons that give the agent an intent and
 * open writing as the agent.
 */
export function CopilotBar({
  agentName,
  parameters,
  agentApproves,
  saving,
  update,
  composerOpen,
  onToggleComposer,
  onIntent,
}: {
  agentName: string;
  parameters: ConversationParameters;
  /** The agent's own default, shown on the "as the agent" choice. */
  agentApproves: boolean;
  saving: boolean;
  update: (patch: { operatorOnly?: boolean; approvalOverride?: boolean | null }) => Promise<unknown>;
  composerOpen: boolean;
  onToggleComposer: () => void;
  /** Opens the intent (xsend) dialog for this conversation. */
  onIntent: () => void;
}) {
  const save = (patch: Parameters<typeof update>[0]) =>
    update(patch).catch((error: unknown) =>
      notifications.show({ color: 'red', title: 'The change was not saved', message: errorMessage(error) }),
    );
  return (
    <Group gap="md" wrap="wrap" justify="space-between" className="copilot-bar">
      <Group gap="md" wrap="wrap">
        <Tooltip label={`${agentName} stays silent here; only what you write goes out`}>
          <Switch
            size="sm"
            label="Operator only"
            checked={parameters.operatorOnly}
            disabled={saving}
            onChange={(event) => void save({ operatorOnly: event.currentTarget.checked })}
          />
        </Tooltip>
        <Select
          size="xs"
          aria-label="Approval of the agent's messages"
          w={250}
          allowDeselect={false}
          disabled={saving}
          value={approvalChoice(parameters.approvalOverride)}
          data={[
            {
              value: 'inherit',
              label: `As ${agentName}'s default (${agentApproves ? 'approve' : 'send freely'})`,
            },
            { value: 'on', label: 'Approve each message here' },
            { value: 'off', label: 'Send freely here' },
          ]}
          onChange={(value) => value && void save({ approvalOverride: OVERRIDE_OF[value as ApprovalChoice] })}
        />
      </Group>
      <Group gap="xs">
        <Tooltip label={`An instruction only ${agentName} sees; it acts on it at once`}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconBulb size={14} aria-hidden />}
            onClick={onIntent}
          >
            Give an intent…
          </Button>
        </Tooltip>
        <Button
          size="xs"
          variant={composerOpen ? 'light' : 'default'}
          leftSection={<IconPencil size={14} aria-hidden />}
          aria-expanded={composerOpen}
          onClick={onToggleComposer}
        >
          Write as {agentName}
        </Button>
      </Group>
    </Group>
  );
}
