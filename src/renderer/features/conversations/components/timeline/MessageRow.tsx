import { ActionIcon, Avatar, Text } from '@mantine/core';
import { IconArrowBackUp, IconHelpCircle } from '@tabler/icons-react';
import { memo } from 'react';
import type { Network } from '../../../../../shared/api/conversation-contract';
import { type MediaFileRef, mediaFilePath } from '../../../../../shared/api/media-contract';
import type { ChatMsg, MessagePart } from '../../../../../shared/domain/conversation';
import { ReplyQuote } from '../../../../ui/chat/ChatLines';
import { ChatMarkdown } from '../../../../ui/chat/ChatMarkdown';
import { MediaCard, UnknownPart } from '../../../../ui/chat/MediaCard';
import { type DeliveryStatus, MessageBubble } from '../../../../ui/chat/MessageBubble';
import { ReactionChips } from '../../../../ui/chat/ReactionChips';
import { ReactionPicker } from '../../../../ui/chat/ReactionPicker';
import { formatDateTime } from '../../../../ui/format';
import { mediaEditorPath } from '../../../media/paths';
import {
  COMMON_REACTIONS,
  clockTime,
  groupReactions,
  initials,
  messagePreview,
  senderColor,
} from '../../model';
import { useConversationNetwork } from '../../store';

export const messageDomId = (messageId: number) => `pg-msg-${messageId}`;

export function colorVar(color: string): string {
  return `var(--mantine-color-${color}-filled)`;
}

function senderLabel(message: ChatMsg, agentName: string): string {
  return message.isAgent ? agentName : (message.senderName ?? 'Someone');
}

/** What the timeline's rows do when the operator acts on a message; stable across renders. */
export type MessageRowHandlers = {
  onShowMessage(messageId: number): void;
  onReply(messageId: number, name: string): void;
  onReact(messageId: number, emoji: string | null): void;
  /** "Why did it say this?" of an agent's message, or with `reaction` of its reaction to one. */
  onExplain(messageId: number, reaction: boolean): void;
};

/** The "Why did it say this?" (or "Why did it react?") button of a message, when it has either. */
function ExplainAction({
  message,
  agentReacted,
  onExplain,
}: {
  message: ChatMsg;
  agentReacted: boolean;
  onExplain: MessageRowHandlers['onExplain'];
}) {
  if (!message.isAgent && !agentReacted) return null;
  const label = message.isAgent ? 'Why did it say this?' : 'Why did it react?';
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="sm"
      radius="xl"
      aria-label={label}
      data-hint={label}
      onClick={() => onExplain(message.messageId, !message.isAgent)}
    >
      <IconHelpCircle size={16} aria-hidden />
    </ActionIcon>
  );
}

/** The quote of the message replied to, or of its id when that message is not loaded. */
export function QuoteOf({
  replyToId,
  replied,
  agentName,
  onShowMessage,
}: {
  replyToId: number;
  replied: ChatMsg | undefined;
  agentName: string;
  onShowMessage: (messageId: number) => void;
}) {
  return (
    <ReplyQuote
      name={replied ? senderLabel(replied, agentName) : `Message #${replyToId}`}
      preview={replied ? messagePreview(replied) : 'Not loaded'}
      color={colorVar(replied ? (replied.isAgent ? 'indigo' : senderColor(replied.senderId)) : 'gray')}
      onShow={() => onShowMessage(replyToId)}
    />
  );
}

/** Where a part's file loads from: the message's own file, or a custom emoji in its text. */
function mediaFileOf(
  message: ChatMsg,
  part: Extract<MessagePart, { kind: 'media' }>,
  { network, agent }: { network: Network; agent: string },
): MediaFileRef {
  const { uniqueId } = part;
  if (part.customEmoji) return { kind: 'custom-emoji', network, agent, uniqueId };
  return {
    kind: 'message',
    network,
    agent,
    channelId: message.channelId,
    messageId: message.messageId,
    uniqueId,
  };
}

function MessageParts({ message, agent }: { message: ChatMsg; agent: string }) {
  const network = useConversationNetwork();
  return message.parts.map((part, index) => {
    // Parts have no ids and never move within a message.
    const key = `${part.kind}-${index}`;
    switch (part.kind) {
      case 'text':
        // People's messages carry Telegram's formatting as markdown too, links included.
        return <ChatMarkdown key={key} text={part.text} />;
      case 'media':
        return (
          <MediaCard
            key={key}
            part={part}
            src={mediaFilePath(mediaFileOf(message, part, { network, agent }))}
            editHref={mediaEditorPath(part.uniqueId)}
          />
        );
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

/**
 * One message as a bubble, with its quote, reactions and (when `interactive`) reply and reaction
 * buttons. Memoized: a live event or an older page redraws only the bubbles whose props changed.
 */
export const MessageRow = memo(function MessageRow({
  message,
  replied,
  continues,
  agent,
  agentName,
  isGroup,
  delivery,
  mine,
  canReact,
  interactive,
  highlighted,
  agentReacted,
  handlers,
  translation = null,
}: {
  message: ChatMsg;
  /** The message this one replies to, when loaded. */
  replied: ChatMsg | undefined;
  continues: boolean;
  /** The agent's config name: its files load under it. */
  agent: string;
  agentName: string;
  isGroup: boolean;
  delivery: DeliveryStatus | null;
  /** The composer person's reaction on it. */
  mine: string | null;
  /** Whether there is a composer person to react as. */
  canReact: boolean;
  interactive: boolean;
  highlighted: boolean;
  /** The agent reacted to this message (someone not among the chat's people did). */
  agentReacted: boolean;
  handlers: MessageRowHandlers;
  /** The message's words in the operator's language, shown under them while translating. */
  translation?: string | null;
}) {
  const id = message.messageId;
  const name = senderLabel(message, agentName);
  const color = message.isAgent ? 'indigo' : senderColor(message.senderId);
  const mediaOnly =
    message.parts.length === 1 &&
    message.parts[0]!.kind === 'media' &&
    message.reactions.length === 0 &&
    message.replyToMessageId === null;
  return (
    <MessageBubble
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
      // The id is what a summary's range and the co-pilot name a message by.
      timeTitle={`${formatDateTime(message.sentAt)} · message #${id}`}
      edited={message.editedAt !== null}
      delivery={delivery}
      mediaOnly={mediaOnly}
      highlighted={highlighted}
      reactions={
        <ReactionChips
          reactions={groupReactions(message.reactions)}
          activeEmoji={mine}
          onToggle={canReact ? (emoji) => handlers.onReact(id, mine === emoji ? null : emoji) : undefined}
        />
      }
      actions={
        <>
          <ExplainAction message={message} agentReacted={agentReacted} onExplain={handlers.onExplain} />
          {interactive && (
            <>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                radius="xl"
                aria-label={`Reply to ${name}`}
                data-hint="Reply"
                onClick={() => handlers.onReply(id, name)}
              >
                <IconArrowBackUp size={16} aria-hidden />
              </ActionIcon>
              <ReactionPicker
                emojis={COMMON_REACTIONS}
                current={mine}
                onPick={(emoji) => handlers.onReact(id, emoji)}
                label={`React to ${name}'s message`}
              />
            </>
          )}
        </>
      }
    >
      {message.replyToMessageId !== null && (
        <QuoteOf
          replyToId={message.replyToMessageId}
          replied={replied}
          agentName={agentName}
          onShowMessage={handlers.onShowMessage}
        />
      )}
      <MessageParts message={message} agent={agent} />
      {translation !== null && (
        <div className="tc-translation" data-testid="message-translation">
          {translation}
        </div>
      )}
    </MessageBubble>
  );
});
