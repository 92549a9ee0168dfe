import { Alert, Button, Code, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { deleteConfirmation } from '../../../../../shared/domain/agent-config-name';
import type { AgentConfig } from '../../../../../shared/domain/config';
import { errorMessage, fieldErrors } from '../../../../api/errors';
import { configNameError, confirmsDeletion } from '../../lifecycle-model';
import { agentsSelectors } from '../../selectors';
import { useAgentsStore } from '../../store';

/**
 * One action on an agent's file, as a small form: the runtime's refusal shows under the field it
 * names (`field`), any other under the form.
 */
function useAction(field: string) {
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (event: FormEvent, work: () => Promise<void>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setFieldError(null);
    try {
      await work();
    } catch (caught) {
      const onField = fieldErrors(caught)[field];
      if (onField) setFieldError(onField);
      else setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };
  return { error, fieldError, clearFieldError: () => setFieldError(null), busy, run };
}

function ActionForm({
  label,
  error,
  children,
  onSubmit,
  onCancel,
  submit,
}: {
  label: string;
  error: string | null;
  children: ReactNode;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  submit: ReactNode;
}) {
  return (
    <Stack component="form" gap="md" aria-label={label} onSubmit={onSubmit}>
      {children}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="subtle" color="gray" onClick={onCancel}>
          Cancel
        </Button>
        {submit}
      </Group>
    </Stack>
  );
}

/** A new config name: the file, the agent's folder and its state follow; the display name stays. */
export function RenameAgentForm({
  config,
  onDone,
  onCancel,
}: {
  config: AgentConfig;
  onDone: (configName: string) => void;
  onCancel: () => void;
}) {
  const agents = useAgentsStore(agentsSelectors.agents);
  const { renameAgent } = useAgentsStore(agentsSelectors.actions);
  const [name, setName] = useState(config.configName);
  const action = useAction('newConfigName');
  const problem = name === config.configName ? null : configNameError(name, agents, config.configName);
  return (
    <ActionForm
      label={`Rename ${config.configName}`}
      error={action.error}
      onCancel={onCancel}
      onSubmit={(event) =>
        void action.run(event, async () => onDone(await renameAgent(config.configName, name)))
      }
      submit={
        <Button type="submit" loading={action.busy} disabled={problem !== null || name === config.configName}>
          Rename
        </Button>
      }
    >
      <Text size="sm">
        Its file becomes <Code>{name || '…'}.md</Code>, its folder and everything Troupe keeps of it
        (conversations, memory, costs, its Telegram login) go with it. Its name, {config.name}, stays.
      </Text>
      <TextInput
        label="New config name"
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          action.clearFieldError();
        }}
        error={action.fieldError ?? problem}
        autoComplete="off"
        spellCheck={false}
        data-autofocus
      />
    </ActionForm>
  );
}

/** Another config directory for the agent's file and folder. */
export function MoveAgentForm({
  config,
  configDirs,
  onDone,
  onCancel,
}: {
  config: AgentConfig;
  configDirs: readonly string[];
  onDone: () => void;
  onCancel: () => void;
}) {
  const { moveAgent } = useAgentsStore(agentsSelectors.actions);
  const others = configDirs.filter((dir) => dir !== config.configDir);
  const [target, setTarget] = useState<string | null>(others[0] ?? null);
  const action = useAction('configDir');
  return (
    <ActionForm
      label={`Move ${config.configName}`}
      error={action.error}
      onCancel={onCancel}
      onSubmit={(event) =>
        void action.run(event, async () => {
          if (target === null) return;
          await moveAgent(config.configName, target);
          onDone();
        })
      }
      submit={
        <Button type="submit" loading={action.busy} disabled={target === null}>
          Move
        </Button>
      }
    >
      {others.length === 0 ? (
        <Text size="sm">There is no other config directory on the config path; add one in Settings.</Text>
      ) : (
        <Select
          label="Config directory"
          description={`${config.configName}.md and its folder move to agents/ there`}
          data={others}
          value={target}
          onChange={(value) => {
            setTarget(value);
            action.clearFieldError();
          }}
          error={action.fieldError}
          allowDeselect={false}
        />
      )}
    </ActionForm>
  );
}

/** Deleting for good, once the operator has typed `DELETE <config name>`. */
export function DeleteAgentForm({
  config,
  onDone,
  onCancel,
}: {
  config: AgentConfig;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { deleteAgent } = useAgentsStore(agentsSelectors.actions);
  const [typed, setTyped] = useState('');
  const action = useAction('confirmation');
  const expected = deleteConfirmation(config.configName);
  return (
    <ActionForm
      label={`Delete ${config.configName}`}
      error={action.error}
      onCancel={onCancel}
      onSubmit={(event) =>
        void action.run(event, async () => {
          await deleteAgent(config.configName, typed);
          onDone();
        })
      }
      submit={
        <Button
          type="submit"
          color="red"
          loading={action.busy}
          disabled={!confirmsDeletion(typed, config.configName)}
        >
          Delete {config.configName}
        </Button>
      }
    >
      <Text size="sm">
        This removes {config.configName}.md, its folder and everything Troupe keeps of {config.name}: its
        conversations, memory, plans, costs and its Telegram login (the session stays listed in the Telegram
        app until you end it there). It cannot be undone.
      </Text>
      <TextInput
        label={
          <>
            Type <Code>{expected}</Code> to confirm
          </>
        }
        value={typed}
        onChange={(event) => {
          setTyped(event.currentTarget.value);
          action.clearFieldError();
        }}
        error={action.fieldError}
        autoComplete="off"
        spellCheck={false}
        data-autofocus
      />
    </ActionForm>
  );
}
