import { Badge, Button, Grid, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import type { AgentDetail, RolePromptRef } from '../../../../shared/api/contract';
import { type Field, FieldList, NotSet } from '../../../ui/FieldList';
import { PathText } from '../../../ui/PathText';
import { SafeMarkdown } from '../../../ui/SafeMarkdown';
import { Section } from '../../../ui/Section';
import { AgentCopilotSection } from '../../copilot/components/AgentCopilotSection';
import { TelegramAccountSection } from '../../telegram/components/TelegramAccountSection';
import { groupProblemsByFile } from '../model';
import { type AgentEditField, agentEditFieldId, agentEditPath, agentPath } from '../paths';
import { useAgentsStore } from '../store';
import { AgentEditor } from './editor/AgentEditor';
import { AgentFileSection } from './lifecycle/AgentFileSection';
import { ProblemList } from './ProblemList';

function Flag({ on }: { on: boolean }) {
  return (
    <Group gap={6} component="span">
      <ThemeIcon size={18} radius="xl" variant="light" color={on ? 'indigo' : 'gray'} aria-hidden>
        {on ? <IconCheck size={12} /> : <IconX size={12} />}
      </ThemeIcon>
      {on ? 'Yes' : 'No'}
    </Group>
  );
}

function RolePromptList({ prompts }: { prompts: readonly RolePromptRef[] }) {
  if (prompts.length === 0) return <NotSet>No role prompts: only the shared instructions apply.</NotSet>;
  return (
    <List type="ordered" spacing="sm" aria-label="Role prompts">
      {prompts.map((prompt) => (
        <List.Item key={prompt.name}>
          <Stack gap={2}>
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {prompt.name}
              </Text>
              {prompt.dir === null && (
                <Badge color="red" variant="light" size="xs">
                  Missing
                </Badge>
              )}
            </Group>
            {prompt.dir === null ? (
              <Text size="xs" c="red">
                No config directory has prompts/{prompt.name}.md
              </Text>
            ) : (
              <Text size="xs" c="dimmed">
                from <PathText path={prompt.dir} />
              </Text>
            )}
          </Stack>
        </List.Item>
      ))}
    </List>
  );
}

function identityFields({ config, runtime }: AgentDetail): Field[] {
  const telegramId = config.telegramId ?? runtime.telegramId;
  return [
    { label: 'Name', value: config.name },
    {
      label: 'Config name',
      value: (
        <Text span inherit ff="monospace">
          {config.configName}
        </Text>
      ),
    },
    { label: 'Phone', value: config.phone },
    {
      label: 'Telegram ID',
      value: telegramId === null ? <NotSet>not known until the first login</NotSet> : String(telegramId),
    },
    { label: 'Agent file', value: <PathText path={config.file} size="sm" /> },
    { label: 'Config directory', value: <PathText path={config.configDir} size="sm" /> },
  ];
}

function behaviourFields({ config }: AgentDetail): Field[] {
  return [
    { label: 'LLM', value: config.llm ?? <NotSet>default</NotSet> },
    { label: 'Memory LLM', value: config.memoryLlm ?? <NotSet>the conversation's</NotSet> },
    { label: 'Timezone', value: config.timezone ?? <NotSet>server time</NotSet> },
    {
      label: 'Start typing delay',
      value: config.startTypingDelay === null ? <NotSet>default</NotSet> : `${config.startTypingDelay} s`,
    },
    {
      label: 'Typing speed',
      value: config.typingSpeed === null ? <NotSet>default</NotSet> : `${config.typingSpeed} characters/s`,
    },
    {
      label: 'Sticker sets',
      value:
        config.stickerSets.length === 0 ? (
          <NotSet>none</NotSet>
        ) : (
          <Group gap={4} component="span">
            {config.stickerSets.map((set) => (
              <Badge key={set} variant="default" size="sm" tt="none" fw={500}>
                {set}
              </Badge>
            ))}
          </Group>
        ),
    },
  ];
}

function flagFields({ config }: AgentDetail): Field[] {
  return [
    { label: 'Reset context on first message', value: <Flag on={config.resetContextOnFirstMessage} /> },
    { label: 'Clear summaries on first message', value: <Flag on={config.clearSummariesOnFirstMessage} /> },
    { label: 'Disabled', value: <Flag on={config.disabled} /> },
    { label: 'Gagged', value: <Flag on={config.gagged} /> },
  ];
}

/**
 * The Overview tab: everything parsed from the agent's file, its prompts, account and problems.
 * The address drives the editor: `edit` (from `#/agents/:configName/edit[/:field]`) opens it, at
 * that field, so following a link to it opens it on a page already shown.
 */
export function AgentOverview({ detail, edit }: { detail: AgentDetail; edit?: AgentEditField | 'all' }) {
  const { config, rolePrompts, problems } = detail;
  const groups = useMemo(() => groupProblemsByFile(problems), [problems]);
  // A new key starts the editor afresh from the agent as read now.
  const [editorKey, setEditorKey] = useState(0);
  const { openAgent } = useAgentsStore((state) => state.actions);
  const [, navigate] = useLocation();
  useEffect(() => {
    if (edit === undefined || edit === 'all') return;
    const field = document.getElementById(agentEditFieldId(edit));
    field?.scrollIntoView({ block: 'center' });
    field?.focus();
  }, [edit]);
  if (edit !== undefined) {
    return (
      <AgentEditor
        key={editorKey}
        detail={detail}
        onDone={() => navigate(agentPath(config.configName), { replace: true })}
        onReload={async () => {
          await openAgent(config.configName);
          setEditorKey((key) => key + 1);
        }}
      />
    );
  }
  return (
    <Stack gap="lg">
      <Group justify="flex-end">
        <Button
          variant="default"
          leftSection={<IconPencil size={16} aria-hidden />}
          onClick={() => navigate(agentEditPath(config.configName), { replace: true })}
        >
          Edit the agent
        </Button>
      </Group>
      {problems.length > 0 && (
        <Section title="Problems in this agent's file">
          <ProblemList groups={groups} />
        </Section>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="lg">
            <Section title="Instructions">
              {config.instructions.trim() === '' ? (
                <NotSet>No instructions.</NotSet>
              ) : (
                <SafeMarkdown>{config.instructions}</SafeMarkdown>
              )}
            </Section>
            <Section title="Daily schedule">
              {config.dailySchedule ? (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {config.dailySchedule}
                </Text>
              ) : (
                <NotSet>No daily schedule: the agent keeps no sleep or activity pattern.</NotSet>
              )}
            </Section>
            <Section title="Role prompts">
              <RolePromptList prompts={rolePrompts} />
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Stack gap="lg">
            <TelegramAccountSection config={config} />
            <AgentCopilotSection agent={config.configName} />
            <Section title="Identity">
              <FieldList fields={identityFields(detail)} />
            </Section>
            <Section title="Behaviour">
              <FieldList fields={behaviourFields(detail)} />
            </Section>
            <Section title="Flags">
              <FieldList inline fields={flagFields(detail)} />
            </Section>
            <AgentFileSection config={config} runtime={detail.runtime} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
