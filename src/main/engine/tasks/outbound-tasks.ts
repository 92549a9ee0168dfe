import { randomUUID } from 'node:crypto';
import type { ChatMsg, MessagePart, StickerRef } from '../../../shared/domain/conversation';
import type { ConversationKey } from '../../../shared/domain/conversation-key';
import { stickerPart } from '../../conversation';
import { archiveMessages } from '../../memory';
import { type SentMessage, StickerNotFoundError } from '../../messaging/port';
import type { OutboundKind } from '../../store';
import type { TaskNode } from '../graph/task-graph';
import { checkedParams, type GraphTaskDeps } from './task-deps';
import type { TaskHandler, TaskResult } from './task-handler';

/** The agent's message as sent, until the network's own copy reaches the archive with a turn's history. */
function sentMessage(
  conversation: ConversationKey,
  sent: SentMessage,
  content: { parts: MessagePart[]; replyTo: number | null },
  now: Date,
): ChatMsg {
  return {
    channelId: conversation.channelId,
    messageId: sent.messageId,
    senderId: null,
    senderName: null,
    senderUsername: null,
    isAgent: true,
    replyToMessageId: content.replyTo,
    sentAt: now.toISOString(),
    editedAt: null,
    parts: content.parts,
    reactions: [],
    mentioned: false,
  };
}

/**
 * Sends one outbound message through the journal: the idempotency key is committed before the
 * network call, and the message id recorded with the task's completion. A task interrupted after
 * the key was written sends again with the same key, which the network answers with the first
 * message; a task whose message is already recorded sends nothing.
 */
async function sendJournalled(
  deps: GraphTaskDeps,
  conversation: ConversationKey,
  node: TaskNode,
  kind: OutboundKind,
  send: (idempotencyKey: string) => Promise<SentMessage>,
  /** What the archive keeps of the sent message: its reply target and parts (null: wait for the history). */
  outgoing: { replyTo: number | null; parts: () => MessagePart[] | null },
): Promise<TaskResult> {
  const journal = deps.store.outboundSends;
  const earlier = journal.find(conversation, node.id);
  if (earlier?.messageId != null) return { log: { messageId: earlier.messageId, alreadySent: true } };
  const entry =
    earlier ??
    deps.store.transaction(() =>
      journal.begin(conversation, {
        taskId: node.id,
        kind,
        idempotencyKey: randomUUID(),
        at: deps.clock.now(),
      }),
    );
  const sent = await send(entry.idempotencyKey);
  return {
    record: () => {
      const now = deps.clock.now();
      journal.complete(entry.idempotencyKey, sent.messageId, now);
      // What the agent sent it has seen: an unread count up to here is nothing new to answer.
      deps.store.readMarks.advance(conversation, sent.messageId);
      const parts = outgoing.parts();
      if (parts) {
        const message = sentMessage(conversation, sent, { parts, replyTo: outgoing.replyTo }, now);
        archiveMessages(deps.store, conversation, [message], now);
      }
    },
    log: { messageId: sent.messageId, ...(sent.duplicate ? { duplicate: true } : {}) },
  };
}

/** `send`: a markdown text message, optionally a reply. Empty text sends nothing. */
export function sendHandler(deps: GraphTaskDeps): TaskHandler {
  return async ({ conversation, node, agent }) => {
    const params = checkedParams('send', node.params);
    if (params.text.trim() === '') return { log: { skipped: 'empty text' } };
    const result = await sendJournalled(
      deps,
      conversation,
      node,
      'text',
      (idempotencyKey) =>
        deps.port.sendText(agent.configName, conversation.channelId, {
          text: params.text,
          replyTo: params.reply_to ?? null,
          idempotencyKey,
        }),
      { replyTo: params.reply_to ?? null, parts: () => [{ kind: 'text', text: params.text }] },
    );
    return { ...result, log: { text: params.text, ...result.log } };
  };
}

/**
 * The sticker the model meant: the exact set and name, else the same name in another of the
 * agent's sets (models misremember set names more often than emoji).
 */
function findSticker(stickers: readonly StickerRef[], setName: string, name: string): StickerRef | null {
  return (
    stickers.find((sticker) => sticker.setName === setName && sticker.name === name) ??
    stickers.find((sticker) => sticker.name === name) ??
    null
  );
}

/**
 * `sticker`: a sticker from the agent's sets. One the agent cannot send is replaced by its name
 * as text, so the gesture still reaches the partner.
 */
export function stickerHandler(deps: GraphTaskDeps): TaskHandler {
  return async ({ conversation, node, agent }) => {
    const params = checkedParams('sticker', node.params);
    const replyTo = params.reply_to ?? null;
    const sticker = findSticker(
      await deps.port.listStickers(agent.configName),
      params.sticker_set,
      params.name,
    );
    // The fallback text gets a key of its own, derived from the sticker's, so it is journalled too.
    let sentAsText = false;
    const sendNameAsText = (idempotencyKey: string) => {
      sentAsText = true;
      return deps.port.sendText(agent.configName, conversation.channelId, {
        text: params.name,
        replyTo,
        idempotencyKey: `${idempotencyKey}:text`,
      });
    };
    const result = await sendJournalled(
      deps,
      conversation,
      node,
      'sticker',
      async (idempotencyKey) => {
        if (!sticker) return sendNameAsText(idempotencyKey);
        try {
          return await deps.port.sendSticker(agent.configName, conversation.channelId, {
            setName: sticker.setName,
            name: sticker.name,
            replyTo,
            idempotencyKey,
          });
        } catch (error) {
          if (error instanceof StickerNotFoundError) return sendNameAsText(idempotencyKey);
          throw error;
        }
      },
      {
        replyTo,
        parts: () =>
          sentAsText || !sticker ? [{ kind: 'text', text: params.name }] : [stickerPart(sticker)],
      },
    );
    return {
      ...result,
      log: { stickerSet: params.sticker_set, name: params.name, asText: sentAsText, ...result.log },
    };
  };
}

/**
 * `send_media`: a photo, video or file from the agent's media library, by its unique id. Unlike a
 * sticker there is no stand-in worth sending for an unknown id, so the port's MediaNotFoundError
 * (not retryable) fails the task for good, its message naming the id.
 */
export function sendMediaHandler(deps: GraphTaskDeps): TaskHandler {
  return async ({ conversation, node, agent }) => {
    const params = checkedParams('send_media', node.params);
    const result = await sendJournalled(
      deps,
      conversation,
      node,
      'media',
      (idempotencyKey) =>
        deps.port.sendMedia(agent.configName, conversation.channelId, {
          uniqueId: params.unique_id,
          replyTo: params.reply_to ?? null,
          idempotencyKey,
        }),
      // The library knows the item's kind and description; the turn's history brings them.
      { replyTo: params.reply_to ?? null, parts: () => null },
    );
    return { ...result, log: { uniqueId: params.unique_id, ...result.log } };
  };
}

/** `react`: the agent's reaction on a message of the conversation. */
export function reactHandler(deps: GraphTaskDeps): TaskHandler {
  return async ({ conversation, node, agent }) => {
    const params = checkedParams('react', node.params);
    await deps.port.react(agent.configName, conversation.channelId, params.message_id, params.emoji);
    return { log: { emoji: params.emoji, messageId: params.message_id } };
  };
}
