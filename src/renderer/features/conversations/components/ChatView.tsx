import { ActionIcon, Avatar, Badge, Button, Group, Indicator, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconLayoutSidebarRight, IconUsersGroup } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import { Link } from 'wouter';
import { useShallow } from 'zustand/react/shallow';
import { ErrorState, LoadingState } from '../../../ui/states';
import { ConversationToolsMenu } from '../../conversation-tools/components/ConversationToolsMenu';
import { CopilotDock } from '../../copilot/components/CopilotDock';
import { type ChatRef, chatIdentity, initials, NETWORK_COLORS, NETWORK_LABELS, senderColor } from '../model';
import { chatPath } from '../paths';
import { conversationSelectors } from '../selectors';
import { type ChatDetail, useConversationNetwork, useConversationStore } from '../store';
import { AgentActivityLine } from './AgentActivityLine';
import { MessageTimeline } from './MessageTimeline';
import { ArchivedChatNote, ReadOnlyNote } from './ReadOnlyNote';

const KIND_LABELS = { direct: 'Direct chat with the agent', group: 'Group', channel: 'Channel' } as const;

function subtitleOf(
  detail: ChatDetail | null,
  agentName: string,
  kind: keyof typeof KIND_LABELS | null,
): string {
  if (!detail) return kind ? KIND_LABELS[kind] : '';
  const people = detail.people;
  if (detail.chat.kind === 'group')
    return `${people.length + 1} members: ${agentName}, ${people.map((person) => person.firstName).join(', ')}`;
  return [detail.chat.partner?.username ? `@${detail.chat.partner.username}` : null, KIND_LABELS.direct]
    .filter(Boolean)
    .join(' · ');
}

/**
 * One chat: its title, the agent's presence, the messages, the co-pilot's dock (writing as the
 * agent) and, when the page lets the operator write as the people (the Simulator), its
 * `composer`; without one a note says the others write for themselves. Each part reads only the
 * store state it draws.
 */
export function ChatView({
  chatRef,
  agentName,
  inspectorOpen,
  onToggleInspector,
  focusMessageId = null,
  composer,
}: {
  chatRef: ChatRef;
  agentName: string;
  inspectorOpen: boolean;
  onToggleInspector: () => void;
  /** The message the address names, scrolled to and highlighted. */
  focusMessageId?: number | null;
  composer?: ReactNode;
}) {
  const network = useConversationNetwork();
  const select = useMemo(
    () => ({
      detail: conversationSelectors.detail(chatRef),
      summary: conversationSelectors.summary(chatRef),
      presence: conversationSelectors.presence(chatRef),
      turn: conversationSelectors.turn(chatRef),
      unfinishedTasks: conversationSelectors.unfinishedTasks(chatRef),
    }),
    [chatRef],
  );
  const detailState = useConversationStore(select.detail);
  const summary = useConversationStore(select.summary);
  const presence = useConversationStore(useShallow(select.presence));
  const turn = useConversationStore(select.turn);
  const pending = useConversationStore(select.unfinishedTasks);
  const listReady = useConversationStore(conversationSelectors.chatListReady);
  const { openChat } = useConversationStore(conversationSelectors.actions);
  if (!detailState) return <LoadingState label="Opening the chat…" />;

  const detail = detailState.value;
  const identity = chatIdentity(detail, summary);
  const isGroup = identity?.kind === 'group';
  // Left, or gone from Telegram: the archive's messages, read-only.
  const archivedOnly = summary?.archivedOnly === true;
  const subtitle = subtitleOf(detail, agentName, identity?.kind ?? null);
  // A chat missing from a loaded list (left, or a mistyped address) is named by its id.
  const title = identity?.title ?? (listReady ? `Chat ${chatRef.channelId}` : 'Loading…');

  if (detailState.status === 'error' && !detail) {
    return (
      <Stack p="xl">
        <ErrorState
          title="This chat could not be opened"
          message={detailState.error ?? 'Unknown error.'}
          onRetry={() => openChat(chatRef)}
        />
        <Button component={Link} href={chatPath(network, chatRef.agent)} variant="default" w="fit-content">
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
            href={chatPath(network, chatRef.agent)}
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
              {isGroup ? <IconUsersGroup size={20} /> : initials(identity?.title ?? '?')}
            </Avatar>
          </Indicator>
          <Stack gap={0} miw={0}>
            <Group gap={6} wrap="nowrap">
              <Text component="h2" fw={650} size="md" m={0} truncate>
                {title}
              </Text>
              <Badge
                size="xs"
                variant="light"
                color={NETWORK_COLORS[network]}
                visibleFrom="sm"
                style={{ flex: 'none' }}
              >
                {NETWORK_LABELS[network]}
              </Badge>
              {archivedOnly && (
                <Badge tt="none" size="xs" variant="outline" color="gray" style={{ flex: 'none' }}>
                  Left
                </Badge>
              )}
            </Group>
            <Group gap={6} wrap="nowrap">
              <AgentActivityLine
                agentName={agentName}
                partnerName={isGroup ? null : (identity?.title ?? null)}
                presence={presence}
                turn={turn}
              />
              {subtitle && (
                <Text size="xs" c="dimmed" truncate visibleFrom="md">
                  · {subtitle}
                </Text>
              )}
            </Group>
          </Stack>
        </Group>
        <Group gap={6} wrap="nowrap" style={{ flex: 'none' }}>
          <ConversationToolsMenu chat={{ network, ...chatRef }} />
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
      </Group>
      <MessageTimeline
        chatRef={chatRef}
        agentName={agentName}
        kind={identity?.kind ?? null}
        interactive={composer !== undefined && !archivedOnly}
        focusMessageId={focusMessageId}
      />
      {!archivedOnly && <CopilotDock chatRef={chatRef} agentName={agentName} />}
      {archivedOnly ? (
        <ArchivedChatNote agentName={agentName} />
      ) : (
        (composer ?? <ReadOnlyNote agentName={agentName} />)
      )}
    </>
  );
}
