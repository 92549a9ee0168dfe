import type { ChatMsg, MessagePart } from '../../../src/shared/domain/conversation';

/** A message from Priya in a direct chat, with `overrides` on top. */
export function chatMsg(overrides: Partial<ChatMsg> = {}): ChatMsg {
  return {
    channelId: 9002,
    messageId: 5,
    senderId: 9002,
    senderName: 'Priya Shah',
    senderUsername: 'pri',
    isAgent: false,
    replyToMessageId: null,
    sentAt: '2026-01-15T13:30:00.000Z',
    editedAt: null,
    parts: [{ kind: 'text', text: 'Hello!' }],
    reactions: [],
    mentioned: false,
    ...overrides,
  };
}

export type MediaPartInput = Extract<MessagePart, { kind: 'media' }>;

export function mediaPart(overrides: Partial<MediaPartInput> = {}): MediaPartInput {
  return { kind: 'media', mediaKind: 'photo', uniqueId: 'AgADx1', description: null, ...overrides };
}
