import { Anchor, Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconExternalLink } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { Link } from 'wouter';
import type { AgentPlan } from '../../../../../shared/api/plan-contract';
import { TASK_STATUSES } from '../../../../../shared/domain/tasks';
import { useNow } from '../../../../ui/RelativeTime';
import { nextRunWords, TASK_STATUS_COLORS, TASK_STATUS_LABELS } from '../../model';
import { chatPath } from '../../paths';
import { conversationSelectors } from '../../selectors';
import { useConversationStore } from '../../store';
import { PlanGraph } from '../plan/PlanPanel';

/** What the plan runs next and when, the time counting down each second. */
function NextRun({ plan, paused }: { plan: AgentPlan; paused: boolean }) {
  const now = useNow(1000).getTime();
  const words = nextRunWords(plan.graph, plan.next, now);
  if (!words) {
    return (
      <Text size="sm" c="dimmed">
        Nothing will run: what is left failed or was cancelled.
      </Text>
    );
  }
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span inherit c="dimmed">
        Next:{' '}
      </Text>
      {words.what}
      <Text span inherit fw={650} c={paused ? 'orange' : undefined}>
        {' '}
        · {paused ? `paused (would run ${words.when})` : words.when}
      </Text>
    </Text>
  );
}

/**
 * One conversation of the agent's plan view: its title, states, what runs next and when, a link
 * to the conversation, and, opened, its plan drawn with the task graph's actions.
 */
export const AgentPlanRow = memo(function AgentPlanRow({
  plan,
  paused,
}: {
  plan: AgentPlan;
  paused: boolean;
}) {
  const [open, setOpen] = useState(false);
  const { loadParameters } = useConversationStore(conversationSelectors.actions);
  const chatRef = { agent: plan.agent, channelId: plan.channelId };
  const toggle = () => {
    // The plan's header needs the chat's parameters for Pause.
    if (!open) void loadParameters(chatRef);
    setOpen(!open);
  };
  const panelId = `agent-plan-${plan.network}-${plan.channelId}`;
  return (
    <Paper withBorder radius="md" p="sm" role="listitem" aria-label={plan.title}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <UnstyledButton
            onClick={toggle}
            aria-expanded={open}
            aria-controls={panelId}
            style={{ minWidth: 0, flex: 1 }}
          >
            <Group gap={6} wrap="nowrap">
              {open ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
              <Text fw={650} truncate>
                {plan.title}
              </Text>
              {paused && (
                <Badge size="xs" color="orange" variant="light">
                  Paused
                </Badge>
              )}
            </Group>
          </UnstyledButton>
          <Anchor
            component={Link}
            href={chatPath(plan.network, plan.agent, plan.channelId)}
            size="sm"
            style={{ flex: 'none' }}
            aria-label={`Open the conversation with ${plan.title}`}
          >
            <Group gap={4} component="span" wrap="nowrap">
              Open <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
        </Group>
        <NextRun plan={plan} paused={paused} />
        {/* Opened, the plan's own header counts its tasks. */}
        {!open && (
          <Group gap={4} aria-label="Tasks by status">
            {TASK_STATUSES.filter((status) => plan.counts[status] > 0).map((status) => (
              <Badge key={status} size="xs" variant="light" color={TASK_STATUS_COLORS[status]}>
                {plan.counts[status]} {TASK_STATUS_LABELS[status].toLowerCase()}
              </Badge>
            ))}
          </Group>
        )}
        {open && (
          <div id={panelId}>
            <PlanGraph chatRef={chatRef} graph={plan.graph} replaced={[]} live />
          </div>
        )}
      </Stack>
    </Paper>
  );
});
