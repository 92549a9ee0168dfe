import { Center } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMessageCircle } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ChatKind, ChatPerson } from '../../../../shared/domain/conversation';
import { errorMessage } from '../../../api/errors';
import { DayDivider, ServiceLine } from '../../../ui/chat/ChatLines';
import { HintLayer } from '../../../ui/chat/HintLayer';
import { useNow } from '../../../ui/RelativeTime';
import { EmptyBlock, ErrorState, LoadingState } from '../../../ui/states';
import { TimelineTaskRow } from '../../conversation-tools/components/TimelineTaskRow';
import { ToolsNotice } from '../../conversation-tools/components/ToolsNotice';
import { translationOf, useConversationToolsActions } from '../../conversation-tools/store';
import { useChatTools } from '../../conversation-tools/use-chat-tools';
import { TimelineSummary } from '../../memory/components/TimelineSummary';
import { memorySelectors } from '../../memory/selectors';
import { useMemoryStore } from '../../memory/store';
import {
  agentReacted,
  type ChatRef,
  dayLabel,
  messagePreview,
  reactionOf,
  type TimelineRow,
  timelineRows,
  unreadPeopleMessageIds,
} from '../model';
import { conversationSelectors } from '../selectors';
import {
  type ConversationState,
  type ProvenanceTarget,
  type Timeline,
  useConversationNetwork,
  useConversationStore,
} from '../store';
import { ProvenanceDrawer } from './provenance/ProvenanceDrawer';
import { MessageRow, type MessageRowHandlers, messageDomId, QuoteOf } from './timeline/MessageRow';
import { PendingBubble } from './timeline/PendingBubble';
import { JumpToNewest, TimelineEdge, TypingRow } from './timeline/TimelineChrome';
import { useFocusMessage } from './timeline/useFocusMessage';
import { useTimelineScroll } from './timeline/useTimelineScroll';

export const COMPOSER_INPUT_ID = 'pg-composer-input';

const NO_PEOPLE: ChatPerson[] = [];
/** How long a message shown from a quote stays highlighted. */
const HIGHLIGHT_MS = 1600;

/** The chat's summaries, drawn where the messages they cover end; loaded with the chat. */
function useChatSummaries(chatRef: ChatRef) {
  const network = useConversationNetwork();
  const conversation = useMemo(() => ({ ...chatRef, network }), [chatRef, network]);
  const summaries = useMemoryStore(useMemo(() => memorySelectors.summaries(conversation), [conversation]));
  const { follow } = useMemoryStore(memorySelectors.actions);
  useEffect(() => follow('summaries', conversation), [conversation, follow]);
  return { conversation, summaries: summaries.value };
}

/** The parts of the chat the timeline draws, each selected on its own. */
function useTimelineState(chatRef: ChatRef, interactive: boolean) {
  const select = useMemo(
    () => ({
      timeline: conversationSelectors.timeline(chatRef),
      pending: conversationSelectors.pending(chatRef),
      people: (s: ConversationState) => conversationSelectors.detail(chatRef)(s)?.value?.people ?? NO_PEOPLE,
      composerPerson: (s: ConversationState) =>
        interactive ? (conversationSelectors.composer(chatRef)(s)?.personId ?? null) : null,
      typing: (s: ConversationState) => conversationSelectors.presence(chatRef)(s).typing,
      unreadCount: conversationSelectors.unreadCount(chatRef),
    }),
    [chatRef, interactive],
  );
  return {
    timeline: useConversationStore(select.timeline),
    pending: useConversationStore(select.pending),
    people: useConversationStore(select.people),
    composerPerson: useConversationStore(select.composerPerson),
    typing: useConversationStore(select.typing),
    unreadCount: useConversationStore(select.unreadCount),
  };
}

/**
 * The conversation as a messenger shows it: day dividers, bubbles (the agent left, the people
 * right), quotes of replied messages, media cards, reactions, read marks, service lines, messages
 * still on their way, and the agent's typing. Only the rows in view are drawn. Scrolling up loads
 * older messages; the view follows new messages while it is at the bottom. `interactive` (the
 * Simulator) adds reply and reaction buttons that act as the composer's person; otherwise the
 * timeline is read-only.
 */
export function MessageTimeline(props: {
  chatRef: ChatRef;
  agentName: string;
  /** Null while unknown; a group names each sender. */
  kind: ChatKind | null;
  interactive: boolean;
  /** A message to scroll to and highlight once it is loaded. */
  focusMessageId?: number | null;
}) {
  const { openChat } = useConversationStore(conversationSelectors.actions);
  const { timeline } = useTimelineState(props.chatRef, props.interactive);
  if (!timeline || (timeline.status !== 'ready' && timeline.window.ids.length === 0)) {
    if (timeline?.status === 'error') {
      return (
        <Center className="tc-timeline" style={{ flex: 1 }} p="xl">
          <ErrorState
            title="The messages could not be loaded"
            message={timeline.error ?? 'Unknown error.'}
            onRetry={() => openChat(props.chatRef)}
          />
        </Center>
      );
    }
    return (
      <div className="tc-timeline" style={{ flex: 1 }}>
        <LoadingState label="Loading messages…" />
      </div>
    );
  }
  return <LoadedTimeline {...props} />;
}

function LoadedTimeline({
  chatRef,
  agentName,
  kind,
  interactive,
  focusMessageId = null,
}: {
  chatRef: ChatRef;
  agentName: string;
  kind: ChatKind | null;
  interactive: boolean;
  focusMessageId?: number | null;
}) {
  const { loadOlder, setReplyTo, react, retrySend, discardSend } = useConversationStore(
    conversationSelectors.actions,
  );
  const state = useTimelineState(chatRef, interactive);
  const timeline = state.timeline as Timeline;
  const { window } = timeline;
  const { pending, people, composerPerson, typing } = state;
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const [explaining, setExplaining] = useState<ProvenanceTarget | null>(null);
  const now = useNow(60_000);

  const { conversation, summaries } = useChatSummaries(chatRef);
  const messages = useMemo(() => window.ids.map((id) => window.byId[id]!), [window]);
  const { tools, taskRows } = useChatTools(conversation, messages);
  const { setShowTaskLog, setTranslate, retryTranslation } = useConversationToolsActions();
  const rows = useMemo(
    () => timelineRows(window, pending, typing, summaries, taskRows),
    [window, pending, typing, summaries, taskRows],
  );
  const unread = useMemo(
    () => unreadPeopleMessageIds(window, state.unreadCount),
    [window, state.unreadCount],
  );
  const loadOlderOfChat = useCallback(() => void loadOlder(chatRef), [loadOlder, chatRef]);
  const scroll = useTimelineScroll({
    rows,
    ready: timeline.status === 'ready',
    canLoadOlder: timeline.hasMore && !timeline.loadingOlder,
    loadOlder: loadOlderOfChat,
  });
  const { scrollToRow } = scroll;

  const handlers: MessageRowHandlers = useMemo(
    () => ({
      onShowMessage(messageId) {
        if (!scrollToRow(`m-${messageId}`)) {
          notifications.show({
            title: 'That message is not loaded',
            message: 'It is older than the messages on screen; scroll up to load it.',
          });
          return;
        }
        // The row is drawn once scrolled to; focus it then.
        requestAnimationFrame(() =>
          document.getElementById(messageDomId(messageId))?.focus({ preventScroll: true }),
        );
        setHighlighted(messageId);
        setTimeout(() => setHighlighted((current) => (current === messageId ? null : current)), HIGHLIGHT_MS);
      },
      onReply(messageId) {
        setReplyTo(chatRef, messageId);
        document.getElementById(COMPOSER_INPUT_ID)?.focus();
      },
      onExplain(messageId, reaction) {
        setExplaining({ messageId, reaction });
      },
      onReact(messageId, emoji) {
        react(chatRef, messageId, emoji).catch((error: unknown) =>
          notifications.show({
            color: 'red',
            title: 'The reaction was not sent',
            message: errorMessage(error),
          }),
        );
      },
    }),
    [chatRef, react, setReplyTo, scrollToRow],
  );
  useFocusMessage({
    messageId: focusMessageId,
    timeline,
    showMessage: handlers.onShowMessage,
    loadOlder: loadOlderOfChat,
  });
  const onRetry = useCallback((tempId: string) => void retrySend(chatRef, tempId), [chatRef, retrySend]);
  const onDiscard = useCallback((tempId: string) => discardSend(chatRef, tempId), [chatRef, discardSend]);

  const renderRow = (row: TimelineRow) => {
    switch (row.kind) {
      case 'edge':
        return <TimelineEdge timeline={timeline} onLoadOlder={scroll.requestOlder} />;
      case 'empty':
        return (
          <EmptyBlock
            icon={<IconMessageCircle size={26} aria-hidden />}
            title="No messages yet"
            description={
              interactive
                ? `Write below as a simulated person; ${agentName} answers as it would on Telegram.`
                : `New messages in this chat appear here as they arrive.`
            }
          />
        );
      case 'day':
        return <DayDivider label={dayLabel(row.sentAt, now)} />;
      case 'service':
        return (
          <div id={messageDomId(row.id)} tabIndex={-1}>
            <ServiceLine text={messagePreview(window.byId[row.id]!, 300)} />
          </div>
        );
      case 'message': {
        const message = window.byId[row.id]!;
        return (
          <MessageRow
            message={message}
            replied={message.replyToMessageId === null ? undefined : window.byId[message.replyToMessageId]}
            continues={row.continues}
            agent={chatRef.agent}
            agentName={agentName}
            isGroup={kind === 'group'}
            delivery={message.isAgent ? null : unread.has(row.id) ? 'sent' : 'read'}
            mine={composerPerson === null ? null : reactionOf(message, composerPerson)}
            canReact={composerPerson !== null}
            interactive={interactive}
            highlighted={highlighted === row.id}
            agentReacted={agentReacted(message, people)}
            handlers={handlers}
            translation={tools?.translate ? translationOf(tools, message) : null}
          />
        );
      }
      case 'pending':
        return (
          <PendingBubble
            pending={row.pending}
            agent={chatRef.agent}
            person={people.find((person) => person.id === row.pending.personId)}
            showName={kind === 'group'}
            quote={
              row.pending.replyTo === null ? null : (
                <QuoteOf
                  replyToId={row.pending.replyTo}
                  replied={window.byId[row.pending.replyTo]}
                  agentName={agentName}
                  onShowMessage={handlers.onShowMessage}
                />
              )
            }
            onRetry={onRetry}
            onDiscard={onDiscard}
          />
        );
      case 'summary':
        return (
          <TimelineSummary
            conversation={conversation}
            summary={row.summary}
            onShowMessage={handlers.onShowMessage}
          />
        );
      case 'task':
        return <TimelineTaskRow row={row.row} />;
      case 'typing':
        return <TypingRow agentName={agentName} />;
      default:
        return row satisfies never;
    }
  };

  const items = scroll.virtualizer.getVirtualItems();
  return (
    <>
      <ToolsNotice
        tools={tools}
        onRetryTranslation={() => retryTranslation(conversation)}
        onCloseTranslation={() => setTranslate(conversation, false)}
        onCloseTaskLog={() => setShowTaskLog(conversation, false)}
      />
      <div
        ref={scroll.scrollRef}
        className="pg-timeline tc-timeline"
        onScroll={scroll.onScroll}
        role="log"
        aria-label="Messages"
        aria-busy={timeline.loadingOlder}
        data-loaded={window.ids.length}
      >
        <div style={{ height: scroll.virtualizer.getTotalSize(), position: 'relative' }}>
          <div className="tc-rows" style={{ transform: `translateY(${items[0]?.start ?? 0}px)` }}>
            {items.map((item) => (
              <div
                key={item.key}
                data-index={item.index}
                ref={scroll.virtualizer.measureElement}
                className="tc-vrow"
              >
                {renderRow(rows[item.index]!)}
              </div>
            ))}
          </div>
        </div>
        {scroll.showJump && <JumpToNewest onJump={scroll.jumpToBottom} />}
        <HintLayer within={scroll.scrollRef} />
        <ProvenanceDrawer chatRef={chatRef} target={explaining} onClose={() => setExplaining(null)} />
      </div>
    </>
  );
}
