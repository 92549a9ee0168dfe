import { Button, Group, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useEffect, useState } from 'react';
import { errorMessage, fieldErrors } from '../../../api/errors';
import { Section } from '../../../ui/Section';
import { ErrorState, LoadingState } from '../../../ui/states';
import { formatUsd } from '../model';
import { useCopilotStore } from '../store';
import { SpendingLimitAlert } from './SpendingLimitAlert';
import { XSendDialog } from './XSendDialog';

/** The limit field as typed: empty is "no limit". */
function limitOf(value: string | number): number | null {
  if (value === '') return null;
  return typeof value === 'number' ? value : Number(value);
}

/**
 * The agent's co-pilot settings on its page: whether its messages wait for approval wherever a
 * conversation does not say otherwise, and its daily spending limit with today's spend.
 */
export function AgentCopilotSection({ agent }: { agent: string }) {
  const steering = useCopilotStore((state) => state.agents[agent]);
  const { loadAgent, updateAgent } = useCopilotStore((state) => state.actions);
  const [limit, setLimit] = useState<string | number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [intentOpen, setIntentOpen] = useState(false);

  useEffect(() => {
    void loadAgent(agent);
  }, [agent, loadAgent]);

  const view = steering?.value ?? null;
  if (!view) {
    return (
      <Section title="Co-pilot">
        {steering?.status === 'error' ? (
          <ErrorState
            title="The co-pilot settings could not be read"
            message={steering.error ?? ''}
            onRetry={() => void loadAgent(agent)}
          />
        ) : (
          <LoadingState label="Reading the co-pilot settings…" />
        )}
      </Section>
    );
  }
  const typed = limit ?? view.dailyLimitUsd ?? '';
  const dirty = limit !== null && limitOf(limit) !== view.dailyLimitUsd;

  const save = async (patch: { requireApproval?: boolean; dailyLimitUsd?: number | null }) => {
    setSaving(true);
    setError(null);
    try {
      await updateAgent(agent, patch);
      setLimit(null);
    } catch (caught) {
      const field = fieldErrors(caught).dailyLimitUsd;
      if (field) setError(field);
      else
        notifications.show({
          color: 'red',
          title: 'The change was not saved',
          message: errorMessage(caught),
        });
    } finally {
      setSaving(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (dirty) void save({ dailyLimitUsd: limitOf(typed) });
  };

  return (
    <Section title="Co-pilot">
      <Stack gap="md">
        <Switch
          label="Approve its messages before they go"
          description="Everything it plans to send or react waits as a draft in the conversation, unless the conversation says otherwise."
          checked={view.requireApproval}
          disabled={saving}
          onChange={(event) => void save({ requireApproval: event.currentTarget.checked })}
        />
        <Stack gap={6} component="form" onSubmit={submit}>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <NumberInput
              label="Daily spending limit (USD)"
              description="In the agent's time zone. Empty: no limit."
              placeholder="No limit"
              min={0}
              decimalScale={2}
              prefix="$"
              value={typed}
              error={error}
              onChange={setLimit}
              style={{ flex: 1 }}
            />
            <Button type="submit" variant="default" disabled={!dirty} loading={saving}>
              Save
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            Spent today: {formatUsd(view.spentTodayUsd)}
            {view.liftedToday ? ' · limit lifted for today' : ''}
          </Text>
        </Stack>
        {view.limitReached && <SpendingLimitAlert steering={view} agentName={agent} />}
        <Button variant="default" w="fit-content" onClick={() => setIntentOpen(true)}>
          Give an intent in a conversation…
        </Button>
        {intentOpen && (
          <XSendDialog agent={agent} network="telegram" opened onClose={() => setIntentOpen(false)} />
        )}
      </Stack>
    </Section>
  );
}
