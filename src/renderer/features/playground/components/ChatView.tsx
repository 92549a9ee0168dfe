import { ActionIcon, Avatar, Badge, Button, Group, Indicator, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconLayoutSidebarRight, IconUsersGroup } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { ErrorState, LoadingState } from '../../../ui/states';
import { type ChatRef, chatPresence, initials, senderColor, unfinishedTaskCount } from '../model';
import { playgroundPath } from '../paths';
import { playgroundSelectors } from '../selectors';
import { usePlaygroundStore } from '../store';
import { Composer } from './Composer';
import { MessageTimeline } from './MessageTimeline';

function PresenceLine({
  agentName,
  typing,
  online,
}: {
  agentName: string;
  typing: boolean;
  online: boolean;
}) {
  return (
    <Text
      size="xs"
      c={typing || online ? 'teal' : 'dimmed'}
      aria-live="polite"
      style={{ flex: 'none', whiteSpace: 'nowrap' }}
    >
      {typing ? `${agentName} is typing…` : online ? `${agentName} is online` : `${agentName} is offline`}
    </Text>
  );
}

/** One Simulator chat: who is in it, the agent's presence, the messages and the composer. */
export function ChatView({
  chatRef,
  agentName,
  inspectorOpen,
  onToggleInspector,
}: {
  chatRef: ChatRef;
  agentName: string;
  inspectorOpen: boolean;
  onToggleInspector: () => void;
}) {
  const view = usePlaygroundStore(useMemo(() => playgroundSelectors.chat(chatRef), [chatRef]));
  const { openChat } = usePlaygroundStore(playgroundSelectors.actions);
  if (!view) return <LoadingState label="Opening the chat…" />;

  const detail = view.detail.value;
  const presence = chatPresence(view.activity, view.graph.value);
  const pending = unfinishedTaskCount(view.graph.value);
  const people = detail?.people ?? [];
  const isGroup = detail?.chat.kind === 'group';
  const subtitle = detail
    ? isGroup
      ? `${people.length + 1} members: ${agentName}, ${people.map((person) => person.firstName).join(', ')}`
      : [
          detail.chat.partner?.username ? `@${detail.chat.partner.username}` : null,
          'Direct chat with the agent',
        ]
          .filter(Boolean)
          .join(' · ')
    : '';

  if (view.detail.status === 'error' && !detail) {
    return (
      <Stack p="xl">
        <ErrorState
          title="This chat could not be opened"
          message={view.detail.error ?? 'Unknown error.'}
          onRetry={() => openChat(chatRef)}
        />
        <Button component={Link} href={playgroundPath(chatRef.agent)} variant="default" w="fit-content">
          Back to the chats
        </Button>
      </Stack>
    );
  }

  return (
    <>
      <Group className="pg-chat-header" px="md" py={8} justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <ActionIcon
            component={Link}
            href={playgroundPath(chatRef.agent)}
            variant="subtle"
            color="gray"
            aria-label="Back to the chats"
            hiddenFrom="sm"
          >
            <IconArrowLeft size={18} aria-hidden />
          </ActionIcon>
          <Indicator
            color="teal"
            size={10}
            offset={4}
            position="bottom-end"
            withBorder
            disabled={!presence.online}
            label={undefined}
          >
            <Avatar radius="xl" size={40} color={senderColor(chatRef.channelId)} variant="light" aria-hidden>
              {isGroup ? <IconUsersGroup size={20} /> : initials(detail?.chat.title ?? '?')}
            </Avatar>
          </Indicator>
          <Stack gap={0} miw={0}>
            <Group gap={6} wrap="nowrap">
              <Text component="h2" fw={650} size="md" m={0} truncate>
                {detail?.chat.title ?? 'Loading…'}
              </Text>
              <Badge size="xs" variant="light" color="grape" visibleFrom="sm" style={{ flex: 'none' }}>
                Simulator
              </Badge>
            </Group>
            <Group gap={6} wrap="nowrap">
              <PresenceLine agentName={agentName} typing={presence.typing} online={presence.online} />
              {subtitle && (
                <Text size="xs" c="dimmed" truncate visibleFrom="md">
                  · {subtitle}
                </Text>
              )}
            </Group>
          </Stack>
        </Group>
        <Tooltip
          label={inspectorOpen ? 'Hide the inspector' : 'Show the task graph, LLM exchange and parameters'}
        >
          <Button
            variant={inspectorOpen ? 'light' : 'default'}
            size="xs"
            px={{ base: 8, sm: 'sm' }}
            style={{ flex: 'none' }}
            leftSection={<IconLayoutSidebarRight size={16} aria-hidden />}
            rightSection={
              pending > 0 ? (
                <Badge size="xs" circle variant="filled" aria-hidden>
                  {pending}
                </Badge>
              ) : null
            }
            aria-label={pending > 0 ? `Inspector, ${pending} unfinished tasks` : 'Inspector'}
            aria-pressed={inspectorOpen}
            onClick={onToggleInspector}
          >
            <Text span inherit visibleFrom="sm">
              Inspector
            </Text>
          </Button>
        </Tooltip>
      </Group>
      <MessageTimeline chatRef={chatRef} view={view} agentName={agentName} />
      <Composer chatRef={chatRef} view={view} agentName={agentName} />
    </>
  );
}
