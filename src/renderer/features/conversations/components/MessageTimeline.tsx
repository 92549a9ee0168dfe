import { ActionIcon, Avatar, Button, Center, Group, Loader, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowBackUp,
  IconArrowDown,
  IconMessageCircle,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ChatKind, ChatMsg, ChatPerson } from '../../../../shared/domain/conversation';
import { errorMessage } from '../../../api/errors';
import { DayDivider, ReplyQuote, ServiceLine, TypingDots } from '../../../ui/chat/ChatLines';
import { ChatMarkdown, ChatPlainText } from '../../../ui/chat/ChatMarkdown';
import { MediaCard, UnknownPart } from '../../../ui/chat/MediaCard';
import { type DeliveryStatus, MessageBubble } from '../../../ui/chat/MessageBubble';
import { ReactionChips } from '../../../ui/chat/ReactionChips';
import { ReactionPicker } from '../../../ui/chat/ReactionPicker';
import { formatDateTime } from '../../../ui/format';
import { useNow } from '../../../ui/RelativeTime';
import { EmptyBlock, ErrorState, LoadingState } from '../../../ui/states';
import {
  type ChatRef,
  COMMON_REACTIONS,
  chatPresence,
  clockTime,
  continuesRun,
  dayLabel,
  groupReactions,
  initials,
  isServiceMessage,
  messagePreview,
  reactionOf,
  sameDay,
  senderColor,
  unreadPeopleMessageIds,
} from '../model';
import { conversationSelectors } from '../selectors';
import { type ChatView, type PendingSend, useConversationStore } from '../store';

export const COMPOSER_INPUT_ID = 'pg-composer-input';

/** How close to the top (px) scrolling starts loading older messages. */
const LOAD_OLDER_THRESHOLD = 240;
/** How close to the bottom (px) still counts as following the conversation. */
const AT_BOTTOM_THRESHOLD = 80;

const messageDomId = (messageId: number) => `pg-msg-${messageId}`;

function colorVar(color: string): string {
  return `var(--mantine-color-${color}-filled)`;
}

function senderLabel(message: ChatMsg, agentName: string): string {
  return message.isAgent ? agentName : (message.senderName ?? 'Someone');
}

function MessageParts({ message }: { message: ChatMsg }) {
  return message.parts.map((part, index) => {
    // Parts have no ids and never move within a message.
    const key = `${part.kind}-${index}`;
    switch (part.kind) {
      case 'text':
        return message.isAgent ? (
          <ChatMarkdown key={key} text={part.text} />
        ) : (
          <ChatPlainText key={key} text={part.text} />
        );
      case 'media':
        return <MediaCard key={key} part={part} />;
      case 'service':
        return (
          <Text key={key} size="xs" c="dimmed" fs="italic">
            {part.text}
          </Text>
        );
      case 'unknown':
        return <UnknownPart key={key} partKind={part.partKind} />;
      default:
        return part satisfies never;
    }
  });
}

function personName(person: ChatPerson | undefined): string {
  return person ? [person.firstName, person.lastName].filter(Boolean).join(' ') : 'Someone';
}

function PendingBubble({
  pending,
  person,
  showName,
  quote,
  onRetry,
  onDiscard,
}: {
  pending: PendingSend;
  person: ChatPerson | undefined;
  showName: boolean;
  quote: ReactNode;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const content =
    pending.content.kind === 'text' ? (
      <ChatPlainText text={pending.content.text} />
    ) : (
      <MediaCard
        part={{
          kind: 'media',
          mediaKind: 'sticker',
          uniqueId: pending.content.sticker.uniqueId,
          description: pending.content.sticker.description,
          stickerSetName: pending.content.sticker.setName,
          stickerSetTitle: pending.content.sticker.setTitle,
          stickerName: pending.content.sticker.name,
        }}
      />
    );
  return (
    <MessageBubble
      domId={pending.tempId}
      side="out"
      continues={false}
      senderName={showName ? personName(person) : null}
      senderColor={colorVar(senderColor(pending.personId))}
      label={`${personName(person)}, ${pending.status === 'failed' ? 'not sent' : 'sending'}`}
      time={clockTime(pending.createdAt)}
      timeTitle={formatDateTime(pending.createdAt)}
      delivery={pending.status}
      mediaOnly={pending.content.kind === 'sticker' && pending.replyTo === null}
      below={
        pending.status === 'failed' ? (
          <Group gap={6} justify="flex-end" wrap="wrap" role="alert">
            <Text span size="xs" c="red">
              Not sent: {pending.error}
            </Text>
            <Button
              size="compact-xs"
              variant="light"
              leftSection={<IconRefresh size={12} aria-hidden />}
              onClick={onRetry}
            >
              Retry
            </Button>
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              leftSection={<IconTrash size={12} aria-hidden />}
              onClick={onDiscard}
            >
              Discard
            </Button>
          </Group>
        ) : null
      }
    >
      {quote}
      {content}
    </MessageBubble>
  );
}

/**
 * The conversation as a messenger shows it: day dividers, bubbles (the agent left, the people
 * right), quotes of replied messages, media cards, reactions, read marks, service lines, messages
 * still on their way, and the agent's typing. Scrolling up loads older messages; the view follows
 * new messages while it is at the bottom. `interactive` (the Simulator) adds reply and reaction
 * buttons that act as the composer's person; otherwise the timeline is read-only.
 */
export function MessageTimeline({
  chatRef,
  view,
  agentName,
  kind,
  interactive,
}: {
  chatRef: ChatRef;
  view: ChatView;
  agentName: string;
  /** Null while unknown; a group names each sender. */
  kind: ChatKind | null;
  interactive: boolean;
}) {
  const { loadOlder, setReplyTo, react, retrySend, discardSend, openChat } = useConversationStore(
    conversationSelectors.actions,
  );
  const summary = useConversationStore(useMemo(() => conversationSelectors.summary(chatRef), [chatRef]));
  const scrollRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const heightBeforeOlder = useRef<number | null>(null);
  const [showJump, setShowJump] = useState(false);
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const now = useNow(60_000);

  const { timeline, pending, composer } = view;
  const { typing } = chatPresence(view.activity, view.graph.value);
  const { window } = timeline;
  const people = view.detail.value?.people ?? [];
  const isGroup = kind === 'group';
  const firstId = window.ids[0];
  const lastId = window.ids.at(-1);
  const lastMessage = lastId === undefined ? undefined : window.byId[lastId];
  const unread = useMemo(
    () => unreadPeopleMessageIds(window, summary?.unreadCount ?? 0),
    [window, summary?.unreadCount],
  );

  const requestOlder = useCallback(() => {
    const element = scrollRef.current;
    if (!element || !timeline.hasMore || timeline.loadingOlder) return;
    heightBeforeOlder.current = element.scrollHeight;
    void loadOlder(chatRef);
  }, [chatRef, loadOlder, timeline.hasMore, timeline.loadingOlder]);

  // Older messages went in above: keep the messages on screen where they were.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the oldest message changes
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element || heightBeforeOlder.current === null) return;
    element.scrollTop += element.scrollHeight - heightBeforeOlder.current;
    heightBeforeOlder.current = null;
  }, [firstId]);

  // Something new at the bottom: follow it when at the bottom, else offer a jump.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the bottom of the conversation changes
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    if (atBottom.current) element.scrollTop = element.scrollHeight;
    else setShowJump(true);
  }, [lastId, lastMessage, pending, typing, timeline.status]);

  // A first page that does not fill the view leaves nothing to scroll: load more at once.
  useEffect(() => {
    const element = scrollRef.current;
    if (element && timeline.status === 'ready' && element.scrollHeight <= element.clientHeight)
      requestOlder();
  }, [timeline.status, requestOlder]);

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < AT_BOTTOM_THRESHOLD;
    if (atBottom.current) setShowJump(false);
    if (element.scrollTop < LOAD_OLDER_THRESHOLD) requestOlder();
  };

  const jumpToBottom = () => {
    const element = scrollRef.current;
    if (!element) return;
    element.scrollTo({ top: element.scrollHeight, behavior: 'smooth' });
    atBottom.current = true;
    setShowJump(false);
  };

  const showMessage = (messageId: number) => {
    const target = document.getElementById(messageDomId(messageId));
    if (!target) {
      notifications.show({
        title: 'That message is not loaded',
        message: 'It is older than the messages on screen; scroll up to load it.',
      });
      return;
    }
    target.scrollIntoView({ block: 'center', behavior: 'smooth' });
    target.focus({ preventScroll: true });
    setHighlighted(messageId);
    setTimeout(() => setHighlighted((current) => (current === messageId ? null : current)), 1600);
  };

  const startReply = (messageId: number) => {
    setReplyTo(chatRef, messageId);
    document.getElementById(COMPOSER_INPUT_ID)?.focus();
  };

  const toggleReaction = async (messageId: number, emoji: string | null) => {
    try {
      await react(chatRef, messageId, emoji);
    } catch (error) {
      notifications.show({ color: 'red', title: 'The reaction was not sent', message: errorMessage(error) });
    }
  };

  if (timeline.status === 'error' && window.ids.length === 0) {
    return (
      <Center className="tc-timeline" style={{ flex: 1 }} p="xl">
        <ErrorState
          title="The messages could not be loaded"
          message={timeline.error ?? 'Unknown error.'}
          onRetry={() => openChat(chatRef)}
        />
      </Center>
    );
  }
  if (timeline.status !== 'ready' && window.ids.length === 0) {
    return (
      <div className="tc-timeline" style={{ flex: 1 }}>
        <LoadingState label="Loading messages…" />
      </div>
    );
  }

  const quoteOf = (replyToId: number | null) => {
    if (replyToId === null) return null;
    const replied = window.byId[replyToId];
    return (
      <ReplyQuote
        name={replied ? senderLabel(replied, agentName) : `Message #${replyToId}`}
        preview={replied ? messagePreview(replied) : 'Not loaded'}
        color={colorVar(replied ? (replied.isAgent ? 'indigo' : senderColor(replied.senderId)) : 'gray')}
        onShow={() => showMessage(replyToId)}
      />
    );
  };

  const composerPerson = interactive ? composer.personId : null;
  const rows: ReactNode[] = [];
  let previous: ChatMsg | undefined;
  for (const id of window.ids) {
    const message = window.byId[id]!;
    if (!previous || !sameDay(previous.sentAt, message.sentAt)) {
      rows.push(<DayDivider key={`day-${id}`} label={dayLabel(message.sentAt, now)} />);
    }
    if (isServiceMessage(message)) {
      rows.push(
        <div key={id} id={messageDomId(id)} tabIndex={-1}>
          <ServiceLine text={messagePreview(message, 300)} />
        </div>,
      );
      previous = message;
      continue;
    }
    const continues = continuesRun(previous, message) && sameDay(previous!.sentAt, message.sentAt);
    const name = senderLabel(message, agentName);
    const color = message.isAgent ? 'indigo' : senderColor(message.senderId);
    const mine = composerPerson === null ? null : reactionOf(message, composerPerson);
    const delivery: DeliveryStatus | null = message.isAgent ? null : unread.has(id) ? 'sent' : 'read';
    const mediaOnly =
      message.parts.length === 1 &&
      message.parts[0]!.kind === 'media' &&
      message.reactions.length === 0 &&
      message.replyToMessageId === null;
    rows.push(
      <MessageBubble
        key={id}
        domId={messageDomId(id)}
        side={message.isAgent ? 'in' : 'out'}
        continues={continues}
        avatar={
          <Avatar radius="xl" size={32} color="indigo" variant="filled" aria-hidden>
            {initials(agentName)}
          </Avatar>
        }
        senderName={isGroup ? name : null}
        senderColor={colorVar(color)}
        label={`${name}, ${clockTime(message.sentAt)}${message.editedAt ? ', edited' : ''}`}
        time={clockTime(message.sentAt)}
        timeTitle={formatDateTime(message.sentAt)}
        edited={message.editedAt !== null}
        delivery={delivery}
        mediaOnly={mediaOnly}
        highlighted={highlighted === id}
        reactions={
          <ReactionChips
            reactions={groupReactions(message.reactions)}
            activeEmoji={mine}
            onToggle={
              composerPerson === null
                ? undefined
                : (emoji) => void toggleReaction(id, mine === emoji ? null : emoji)
            }
          />
        }
        actions={
          interactive && (
            <>
              <Tooltip label="Reply" openDelay={300}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  radius="xl"
                  aria-label={`Reply to ${name}`}
                  onClick={() => startReply(id)}
                >
                  <IconArrowBackUp size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <ReactionPicker
                emojis={COMMON_REACTIONS}
                current={mine}
                onPick={(emoji) => void toggleReaction(id, emoji)}
                label={`React to ${name}'s message`}
              />
            </>
          )
        }
      >
        {quoteOf(message.replyToMessageId)}
        <MessageParts message={message} />
      </MessageBubble>,
    );
    previous = message;
  }

  const empty = window.ids.length === 0 && pending.length === 0;

  return (
    <div
      ref={scrollRef}
      className="pg-timeline tc-timeline"
      onScroll={onScroll}
      role="log"
      aria-label="Messages"
      aria-busy={timeline.loadingOlder}
    >
      <Center py="sm" mih={44}>
        {timeline.loadingOlder ? (
          <Loader size="sm" aria-label="Loading older messages" />
        ) : timeline.olderError ? (
          <Group gap="xs">
            <Text size="xs" c="red">
              {timeline.olderError}
            </Text>
            <Button size="compact-xs" variant="default" onClick={requestOlder}>
              Try again
            </Button>
          </Group>
        ) : timeline.hasMore ? (
          <Button size="compact-xs" variant="subtle" onClick={requestOlder}>
            Load earlier messages
          </Button>
        ) : window.ids.length > 0 ? (
          <Text size="xs" c="dimmed">
            Beginning of the conversation
          </Text>
        ) : null}
      </Center>
      {empty && (
        <EmptyBlock
          icon={<IconMessageCircle size={26} aria-hidden />}
          title="No messages yet"
          description={
            interactive
              ? `Write below as a simulated person; ${agentName} answers as it would on Telegram.`
              : `New messages in this chat appear here as they arrive.`
          }
        />
      )}
      {rows}
      {pending.map((item) => (
        <PendingBubble
          key={item.tempId}
          pending={item}
          person={people.find((person) => person.id === item.personId)}
          showName={isGroup}
          quote={quoteOf(item.replyTo)}
          onRetry={() => void retrySend(chatRef, item.tempId)}
          onDiscard={() => discardSend(chatRef, item.tempId)}
        />
      ))}
      {typing && (
        <div
          className="tc-row"
          data-side="in"
          data-run="starts"
          role="status"
          aria-label={`${agentName} is typing`}
        >
          <div className="tc-avatar-slot">
            <Avatar radius="xl" size={32} color="indigo" variant="filled" aria-hidden>
              {initials(agentName)}
            </Avatar>
          </div>
          <div className="tc-column">
            <div className="tc-bubble" style={{ padding: '9px 14px' }}>
              <TypingDots />
            </div>
          </div>
        </div>
      )}
      {showJump && (
        <div className="pg-jump">
          <ActionIcon
            size="lg"
            radius="xl"
            variant="default"
            aria-label="Jump to the newest message"
            onClick={jumpToBottom}
          >
            <IconArrowDown size={18} aria-hidden />
          </ActionIcon>
        </div>
      )}
    </div>
  );
}
