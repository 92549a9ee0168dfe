import type { ChatMsg, ChatPerson } from '../../../../shared/domain/conversation';
import { errorMessage } from '../../../api/errors';
import { type ChatRef, chatKey, mergeMessages, reactionOf, summaryWithMessage } from '../model';
import { onlySimulator, type SliceContext } from './slice-context';
import type { PendingSend, SendActions } from './types';

function withReaction(message: ChatMsg, person: ChatPerson, emoji: string | null): ChatMsg {
  const others = message.reactions.filter((reaction) => reaction.userId !== person.id);
  const userName = [person.firstName, person.lastName].filter(Boolean).join(' ');
  return {
    ...message,
    reactions: emoji === null ? others : [...others, { userId: person.id, userName, emoji }],
  };
}

/** Whether a runtime message is the copy of an optimistic send, so it replaces it. */
export function matchesPending(pending: PendingSend, message: ChatMsg): boolean {
  if (pending.status !== 'sending' || message.isAgent || pending.personId !== message.senderId) return false;
  if (pending.replyTo !== message.replyToMessageId) return false;
  if (pending.content.kind === 'text') {
    const text = message.parts
      .filter((part) => part.kind === 'text')
      .map((part) => part.text)
      .join('');
    return text.trim() === pending.content.text;
  }
  const { sticker } = pending.content;
  return message.parts.some(
    (part) =>
      part.kind === 'media' &&
      part.mediaKind === 'sticker' &&
      (part.uniqueId === sticker.uniqueId ||
        (part.stickerSetName === sticker.setName && part.stickerName === sticker.name)),
  );
}

/** The Simulator's writes, shown before the runtime confirms them and undone or kept as failed after. */
export function createSendSlice(ctx: SliceContext): SendActions {
  const { api, network, patchChat } = ctx;
  let tempCounter = 0;

  const mergeIntoTimeline = (ref: ChatRef, messages: ChatMsg[]) => {
    patchChat(ref, (view) => ({
      timeline: { ...view.timeline, window: mergeMessages(view.timeline.window, messages) },
    }));
  };

  const deliver = async (ref: ChatRef, pending: PendingSend) => {
    try {
      const common = {
        agent: ref.agent,
        channelId: ref.channelId,
        personId: pending.personId,
        replyTo: pending.replyTo,
      };
      const { message } =
        pending.content.kind === 'text'
          ? await api.call('simulator.send', { ...common, text: pending.content.text })
          : await api.call('simulator.sendSticker', {
              ...common,
              setName: pending.content.sticker.setName,
              name: pending.content.sticker.name,
            });
      patchChat(ref, (view) => ({
        pending: view.pending.filter((item) => item.tempId !== pending.tempId),
        timeline: { ...view.timeline, window: mergeMessages(view.timeline.window, [message]) },
      }));
      ctx.patchSummary(ref, (summary) => summaryWithMessage(summary, message));
    } catch (error) {
      patchChat(ref, (view) => ({
        pending: view.pending.map((item) =>
          item.tempId === pending.tempId ? { ...item, status: 'failed', error: errorMessage(error) } : item,
        ),
      }));
    }
  };

  const enqueueSend = async (ref: ChatRef, content: PendingSend['content']) => {
    onlySimulator(network, 'be written to');
    const view = ctx.viewOf(ref);
    const personId = view?.composer.personId ?? null;
    if (personId === null) throw new Error('Pick the person to write as first.');
    tempCounter += 1;
    const pending: PendingSend = {
      tempId: `pending-${tempCounter}`,
      personId,
      replyTo: view?.composer.replyToId ?? null,
      content,
      status: 'sending',
      error: null,
      createdAt: new Date(ctx.now()).toISOString(),
    };
    patchChat(ref, (current) => ({
      pending: [...current.pending, pending],
      composer:
        current.composer.replyToId === null ? current.composer : { ...current.composer, replyToId: null },
    }));
    // The person stopped typing by sending; the next keystroke signals again.
    ctx.lastTypingSignal.delete(chatKey(ref));
    await deliver(ref, pending);
  };

  return {
    async sendText(ref, text) {
      const trimmed = text.trim();
      if (trimmed === '') return;
      await enqueueSend(ref, { kind: 'text', text: trimmed });
    },

    async sendSticker(ref, sticker) {
      await enqueueSend(ref, { kind: 'sticker', sticker });
    },

    async retrySend(ref, tempId) {
      const pending = ctx.viewOf(ref)?.pending.find((item) => item.tempId === tempId);
      if (pending?.status !== 'failed') return;
      const retry: PendingSend = { ...pending, status: 'sending', error: null };
      patchChat(ref, (view) => ({
        pending: view.pending.map((item) => (item.tempId === tempId ? retry : item)),
      }));
      await deliver(ref, retry);
    },

    discardSend(ref, tempId) {
      patchChat(ref, (view) => ({ pending: view.pending.filter((item) => item.tempId !== tempId) }));
    },

    async react(ref, messageId, emoji) {
      onlySimulator(network, 'be reacted to');
      const view = ctx.viewOf(ref);
      const personId = view?.composer.personId ?? null;
      const person = view?.detail.value?.people.find((candidate) => candidate.id === personId);
      const message = view?.timeline.window.byId[messageId];
      if (!view || !person || !message) return;
      mergeIntoTimeline(ref, [withReaction(message, person, emoji)]);
      try {
        const { message: updated } = await api.call('simulator.react', {
          agent: ref.agent,
          channelId: ref.channelId,
          personId: person.id,
          messageId,
          emoji,
        });
        mergeIntoTimeline(ref, [updated]);
      } catch (error) {
        // Undo only this person's reaction: others may have changed meanwhile.
        const current = ctx.viewOf(ref)?.timeline.window.byId[messageId];
        if (current) mergeIntoTimeline(ref, [withReaction(current, person, reactionOf(message, person.id))]);
        throw error;
      }
    },
  };
}
