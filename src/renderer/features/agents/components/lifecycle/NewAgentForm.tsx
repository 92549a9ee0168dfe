import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { NewAgentDefaults } from '../../../../../shared/api/agent-lifecycle-contract';
import { errorMessage, fieldErrors } from '../../../../api/errors';
import { PathText } from '../../../../ui/PathText';
import { Section } from '../../../../ui/Section';
import { configNameError } from '../../lifecycle-model';
import { agentsSelectors } from '../../selectors';
import { useAgentsStore } from '../../store';
import { AgentFieldSections, type AgentFormErrors } from '../editor/AgentFieldSections';
import { type AgentForm, fieldsOf, formErrors, formOf } from '../editor/agent-form';

/**
 * A new agent: where its file goes, its config name and every field of the agent editor, started
 * from the template. The config name is checked as it is typed (once something is typed);
 * whatever the runtime refuses shows under its field. Resolves `onCreated` with the new name.
 */
export function NewAgentForm({
  defaults,
  onCreated,
  onCancel,
}: {
  defaults: NewAgentDefaults;
  onCreated: (configName: string) => void;
  onCancel: () => void;
}) {
  const agents = useAgentsStore(agentsSelectors.agents);
  const { createAgent } = useAgentsStore(agentsSelectors.actions);
  const [configDir, setConfigDir] = useState<string | null>(defaults.configDirs[0] ?? null);
  const [configName, setConfigName] = useState('');
  const [form, setForm] = useState<AgentForm>(() => formOf(defaults.fields));
  const [errors, setErrors] = useState<AgentFormErrors & { configName?: string; configDir?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const nameError = configName === '' ? undefined : (configNameError(configName, agents) ?? undefined);
  const set = <K extends keyof AgentForm>(field: K, value: AgentForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const nameProblem = configNameError(configName, agents);
    if (nameProblem !== null || configDir === null) {
      setErrors((current) => ({
        ...current,
        configName: nameProblem ?? undefined,
        configDir: configDir === null ? 'Choose where the agent file goes.' : undefined,
      }));
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      onCreated(await createAgent({ configDir, configName, fields: fieldsOf(form) }));
    } catch (error) {
      const issues = fieldErrors(error);
      if (Object.keys(issues).length === 0) setFailure(errorMessage(error));
      else {
        const { configName: onName, configDir: onDir, ...onFields } = issues;
        setErrors({ ...formErrors(onFields), configName: onName, configDir: onDir });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack component="form" gap="lg" onSubmit={(event) => void create(event)} aria-label="New agent">
      <Text size="sm" c="dimmed">
        {defaults.templateFile === null ? (
          'No config directory has a DefaultAgent.md, so the fields start empty.'
        ) : (
          <>
            Started from <PathText path={defaults.templateFile} size="sm" />.
          </>
        )}
      </Text>
      {failure && (
        <Alert color="red" title="The agent was not created" role="alert">
          {failure}
        </Alert>
      )}
      <Section title="File">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="Config directory"
            description="Its file goes to agents/ there"
            required
            data={defaults.configDirs}
            value={configDir}
            onChange={(value) => {
              setConfigDir(value);
              setErrors((current) => ({ ...current, configDir: undefined }));
            }}
            error={errors.configDir}
            allowDeselect={false}
          />
          <TextInput
            label="Config name"
            description={
              configName === '' ? 'Letters, digits, - and _: its file name and key' : `${configName}.md`
            }
            required
            value={configName}
            onChange={(event) => {
              setConfigName(event.currentTarget.value);
              setErrors((current) => ({ ...current, configName: undefined }));
            }}
            error={errors.configName ?? nameError}
            autoComplete="off"
            spellCheck={false}
          />
        </SimpleGrid>
      </Section>
      <AgentFieldSections form={form} errors={errors} onChange={set} newAgent />
      <Group justify="flex-end" gap="xs">
        <Button variant="subtle" color="gray" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          Create the agent
        </Button>
      </Group>
    </Stack>
  );
}
