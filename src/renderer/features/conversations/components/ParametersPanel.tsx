import { Button, Divider, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, type ReactNode, useId, useMemo, useState } from 'react';
import type { ConversationParameters } from '../../../../shared/api/conversation-contract';
import type { ReplyPolicy } from '../../../../shared/domain/conversation';
import { errorMessage, fieldErrors } from '../../../api/errors';
import { ErrorState, LoadingState } from '../../../ui/states';
import { agentsSelectors } from '../../agents/selectors';
import { useAgentsStore } from '../../agents/store';
import { type ChatRef, chatIdentity } from '../model';
import { conversationSelectors } from '../selectors';
import { type ChatView, type ParametersPatch, useConversationStore } from '../store';

type GagChoice = 'inherit' | 'on' | 'off';

function gagChoice(override: boolean | null): GagChoice {
  if (override === null) return 'inherit';
  return override ? 'on' : 'off';
}

function Setting({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Stack gap={6} component="section" aria-labelledby={headingId}>
      <Title order={3} id={headingId} fz="sm" fw={650}>
        {title}
      </Title>
      <Text size="xs" c="dimmed">
        {description}
      </Text>
      {children}
    </Stack>
  );
}

function LlmOverride({
  parameters,
  agentLlm,
  save,
  saving,
}: {
  parameters: ConversationParameters;
  agentLlm: string;
  save: (patch: ParametersPatch, what: string) => Promise<boolean>;
  saving: boolean;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const value = draft ?? parameters.llmOverride ?? '';
  const dirty = draft !== null && draft.trim() !== (parameters.llmOverride ?? '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!dirty) return;
    const next = value.trim() === '' ? null : value.trim();
    setError(null);
    try {
      if (await save({ llmOverride: next }, 'Model')) setDraft(null);
    } catch (caught) {
      setError(fieldErrors(caught).llmOverride ?? errorMessage(caught));
    }
  };

  return (
    <Setting
      title="Model"
      description={
        <>
          Now using{' '}
          <Text span inherit ff="monospace" c="var(--mantine-color-text)">
            {parameters.effectiveLlm}
          </Text>
          {parameters.llmOverride === null ? ", the agent's model." : ' for this chat only.'}
        </>
      }
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap={6}>
          <TextInput
            aria-label="Model for this chat"
            placeholder={`${agentLlm} (the agent's)`}
            value={value}
            onChange={(event) => {
              setDraft(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            spellCheck={false}
            autoComplete="off"
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <Group gap="xs" justify="flex-end">
            {parameters.llmOverride !== null && (
              <Button
                size="xs"
                variant="subtle"
                color="gray"
                disabled={saving}
                onClick={() => {
                  setDraft(null);
                  void save({ llmOverride: null }, 'Model').catch((caught: unknown) =>
                    setError(errorMessage(caught)),
                  );
                }}
              >
                Use the agent's model
              </Button>
            )}
            <Button
              type="submit"
              size="xs"
              variant="light"
              disabled={!dirty || saving}
              aria-label="Save the model for this chat"
            >
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Setting>
  );
}

/** Per-conversation overrides: the model, the gag, and (in groups) what the agent answers. */
export function ParametersPanel({
  chatRef,
  view,
}: {
  chatRef: ChatRef;
  view: Pick<ChatView, 'parameters' | 'detail'>;
}) {
  const { updateParameters, loadParameters } = useConversationStore(conversationSelectors.actions);
  const agents = useAgentsStore(agentsSelectors.agents);
  const { parameters } = view;
  const config = agents.find((agent) => agent.config.configName === chatRef.agent)?.config;
  const summary = useConversationStore(useMemo(() => conversationSelectors.summary(chatRef), [chatRef]));
  const isGroup = chatIdentity(view.detail.value, summary)?.kind === 'group';

  const save = async (patch: ParametersPatch, what: string): Promise<boolean> => {
    await updateParameters(chatRef, patch);
    notifications.show({ color: 'teal', title: `${what} saved`, message: 'It applies from the next turn.' });
    return true;
  };
  const saveQuietly = (patch: ParametersPatch, what: string) => {
    save(patch, what).catch((error: unknown) =>
      notifications.show({ color: 'red', title: `${what} not saved`, message: errorMessage(error) }),
    );
  };

  if (parameters.status === 'error' && !parameters.value) {
    return (
      <ErrorState
        title="The parameters could not be loaded"
        message={parameters.error ?? 'Unknown error.'}
        onRetry={() => void loadParameters(chatRef)}
      />
    );
  }
  if (!parameters.value) return <LoadingState label="Loading the parameters…" minHeight={160} />;
  const value = parameters.value;
  const agentGagged = config?.gagged ?? (value.gaggedOverride === null ? value.gagged : null);
  const agentLlm = config?.llm ?? (value.llmOverride === null ? value.effectiveLlm : 'the default');

  return (
    <Stack gap="lg">
      <LlmOverride parameters={value} agentLlm={agentLlm} save={save} saving={parameters.saving} />
      <Divider />
      <Setting
        title="Gag"
        description="A gagged chat makes no tasks: the agent receives messages but never answers them."
      >
        <SegmentedControl
          fullWidth
          size="xs"
          aria-label="Gag"
          value={gagChoice(value.gaggedOverride)}
          disabled={parameters.saving}
          onChange={(choice) =>
            saveQuietly({ gaggedOverride: choice === 'inherit' ? null : choice === 'on' }, 'Gag')
          }
          data={[
            {
              value: 'inherit',
              label:
                agentGagged === null
                  ? "Agent's default"
                  : `Agent's default (${agentGagged ? 'gagged' : 'not gagged'})`,
            },
            { value: 'on', label: 'Gagged' },
            { value: 'off', label: 'Not gagged' },
          ]}
        />
        <Text size="xs" c={value.gagged ? 'orange' : 'dimmed'} fw={value.gagged ? 600 : undefined}>
          {value.gagged ? 'This chat is gagged now.' : 'The agent answers in this chat.'}
        </Text>
      </Setting>
      <Divider />
      <Setting
        title="Replies in the group"
        description={
          isGroup
            ? 'Whether the agent takes a turn for every message, or only when mentioned or replied to.'
            : 'Direct chats answer every message; this applies to groups.'
        }
      >
        <SegmentedControl
          fullWidth
          size="xs"
          aria-label="Replies in the group"
          value={value.replyPolicy}
          disabled={!isGroup || parameters.saving}
          onChange={(policy) => saveQuietly({ replyPolicy: policy as ReplyPolicy }, 'Reply policy')}
          data={[
            { value: 'callouts', label: 'Mentions and replies' },
            { value: 'every-message', label: 'Every message' },
          ]}
        />
      </Setting>
    </Stack>
  );
}
