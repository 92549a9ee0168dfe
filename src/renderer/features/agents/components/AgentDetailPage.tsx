import { Anchor, Badge, Button, Grid, Group, List, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowLeft, IconCheck, IconMessageChatbot, IconMoodEmpty, IconX } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { Link } from 'wouter';
import type { AgentDetail, RolePromptRef } from '../../../../shared/api/contract';
import { type Field, FieldList, NotSet } from '../../../ui/FieldList';
import { PageHeader } from '../../../ui/PageHeader';
import { PathText } from '../../../ui/PathText';
import { SafeMarkdown } from '../../../ui/SafeMarkdown';
import { Section } from '../../../ui/Section';
import { EmptyBlock, ErrorState, LoadingState } from '../../../ui/states';
import { playgroundPath } from '../../playground/paths';
import { TelegramAccountSection } from '../../telegram/components/TelegramAccountSection';
import { telegramSelectors } from '../../telegram/selectors';
import { useTelegramStore } from '../../telegram/store';
import { groupProblemsByFile } from '../model';
import { AGENTS_PATH } from '../paths';
import { agentsSelectors } from '../selectors';
import { useAgentsStore } from '../store';
import { AgentStatusBadges } from './AgentStatusBadges';
import { ProblemList } from './ProblemList';

function BackToAgents() {
  return (
    <Anchor component={Link} href={AGENTS_PATH} size="sm" w="fit-content">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        All agents
      </Group>
    </Anchor>
  );
}

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

/** Everything parsed from one agent's file, with the prompts it resolved and its problems. */
export function AgentDetailView({ detail }: { detail: AgentDetail }) {
  const { config, runtime, rolePrompts, problems } = detail;
  const groups = useMemo(() => groupProblemsByFile(problems), [problems]);
  const account = useTelegramStore(
    useMemo(() => telegramSelectors.account(config.configName), [config.configName]),
  );

  return (
    <>
      <PageHeader
        before={<BackToAgents />}
        title={config.name}
        documentTitle={config.name}
        description={
          <Group gap="sm" mt={2}>
            <Text span size="sm" ff="monospace" c="dimmed">
              {config.configName}
            </Text>
            <AgentStatusBadges config={config} runtime={runtime} account={account} />
          </Group>
        }
        actions={
          <Button
            component={Link}
            href={playgroundPath(config.configName)}
            variant="light"
            leftSection={<IconMessageChatbot size={16} aria-hidden />}
          >
            Rehearse in the Playground
          </Button>
        }
      />
      <Stack gap="lg">
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
              <Section title="Identity">
                <FieldList fields={identityFields(detail)} />
              </Section>
              <Section title="Behaviour">
                <FieldList fields={behaviourFields(detail)} />
              </Section>
              <Section title="Flags">
                <FieldList inline fields={flagFields(detail)} />
              </Section>
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </>
  );
}

/** `#/agents/:configName`: loads the agent and shows it, or says why it cannot. */
export function AgentDetailPage({ configName }: { configName: string }) {
  const selectDetail = useMemo(() => agentsSelectors.detailFor(configName), [configName]);
  const view = useAgentsStore(selectDetail);
  const { openAgent } = useAgentsStore(agentsSelectors.actions);

  useEffect(() => {
    void openAgent(configName);
  }, [configName, openAgent]);

  if (view?.status === 'ready' && view.detail) return <AgentDetailView detail={view.detail} />;

  if (view?.status === 'not-found') {
    return (
      <>
        <PageHeader before={<BackToAgents />} title="Agent not found" />
        <Paper withBorder radius="md">
          <EmptyBlock
            icon={<IconMoodEmpty size={28} aria-hidden />}
            title={`There is no agent “${configName}”`}
            description="No agent file in the config directories has this config name. It may have been renamed or removed."
          >
            <Button component={Link} href={AGENTS_PATH} variant="default">
              Back to all agents
            </Button>
          </EmptyBlock>
        </Paper>
      </>
    );
  }

  if (view?.status === 'error') {
    return (
      <>
        <PageHeader before={<BackToAgents />} title={configName} />
        <ErrorState
          title="This agent could not be loaded"
          message={view.error ?? 'Unknown error.'}
          onRetry={() => void openAgent(configName)}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader before={<BackToAgents />} title={configName} />
      <LoadingState label="Loading agent…" />
    </>
  );
}
