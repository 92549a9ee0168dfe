import type { ProcedureInput } from '../../../src/shared/api/contract';
import { conversationProcedures } from '../../../src/shared/api/conversation-contract';
import { ApiError } from '../../../src/shared/api/errors';
import type { ChatMsg, MessagePart, StickerRef } from '../../../src/shared/domain/conversation';
import type { PersonInput } from './fake-chats';
import type { FakeRuntime } from './fake-runtime';

type SimulatorProcedure = Extract<keyof typeof conversationProcedures, `simulator.${string}`>;

export function isSimulatorProcedure(method: string): method is SimulatorProcedure {
  return method.startsWith('simulator.') && Object.hasOwn(conversationProcedures, method);
}

export const FAKE_STICKERS: StickerRef[] = [
  {
    setName: 'WinnieThePooh',
    setTitle: 'Winnie the Pooh',
    name: '😀',
    uniqueId: 'sticker-pooh-smile',
    description: 'Pooh bear beaming with both paws raised',
  },
  {
    setName: 'WinnieThePooh',
    setTitle: 'Winnie the Pooh',
    name: '🍯',
    uniqueId: 'sticker-pooh-honey',
    description: 'Pooh hugging a honey pot',
  },
];

/** What the Simulator's people act on in the fake runtime. */
type SimulatorState = Pick<FakeRuntime, 'chats' | 'stickers' | 'calls' | 'emit'>;

/** Answers the Simulator's procedures: chats created and read, and people writing, reacting and typing. */
export function answerSimulator(
  runtime: SimulatorState,
  method: SimulatorProcedure,
  input: unknown,
): unknown {
  const { chats } = runtime;
  switch (method) {
    case 'simulator.createChat': {
      const { agent, kind, title, people } = input as {
        agent: string;
        kind: 'direct' | 'group';
        title?: string;
        people: PersonInput[];
      };
      const chat = chats.seed(agent, kind, people, title);
      return { chat: chat.info, people: chat.people };
    }
    case 'simulator.chat': {
      const { agent, channelId } = input as { agent: string; channelId: number };
      const chat = chats.chat(agent, channelId);
      return { chat: chat.info, people: chat.people };
    }
    case 'simulator.send': {
      const { agent, channelId, personId, text, replyTo } = input as {
        agent: string;
        channelId: number;
        personId: number;
        text: string;
        replyTo?: number | null;
      };
      const message = chats.personSays(agent, channelId, personId, [{ kind: 'text', text }], replyTo ?? null);
      return { message };
    }
    case 'simulator.sendSticker': {
      const { agent, channelId, personId, setName, name, replyTo } = input as {
        agent: string;
        channelId: number;
        personId: number;
        setName: string;
        name: string;
        replyTo?: number | null;
      };
      const sticker = runtime.stickers.find((item) => item.setName === setName && item.name === name);
      if (!sticker) throw new ApiError('not_found', `There is no sticker ${name} in ${setName}.`);
      const message = chats.personSays(
        agent,
        channelId,
        personId,
        [
          {
            kind: 'media',
            mediaKind: 'sticker',
            uniqueId: sticker.uniqueId,
            description: sticker.description,
            stickerSetName: sticker.setName,
            stickerSetTitle: sticker.setTitle,
            stickerName: sticker.name,
          },
        ],
        replyTo ?? null,
      );
      return { message };
    }
    case 'simulator.sendFile': {
      const { agent, channelId, personId, kind, fileName, dataBase64, caption, stickerEmoji, replyTo } =
        input as ProcedureInput<'simulator.sendFile'>;
      const media: MessagePart = {
        kind: 'media',
        mediaKind: kind === 'voice' ? 'audio' : kind,
        uniqueId: `file-${runtime.calls.length}`,
        description: null,
        fileName: kind === 'document' ? fileName : null,
        fileSize: Buffer.from(dataBase64, 'base64').byteLength,
        ...(kind === 'sticker' ? { stickerName: stickerEmoji ?? null } : {}),
      };
      const parts: MessagePart[] = caption ? [{ kind: 'text', text: caption }, media] : [media];
      return { message: chats.personSays(agent, channelId, personId, parts, replyTo ?? null) };
    }
    case 'simulator.react': {
      const { agent, channelId, personId, messageId, emoji } = input as {
        agent: string;
        channelId: number;
        personId: number;
        messageId: number;
        emoji: string | null;
      };
      const chat = chats.chat(agent, channelId);
      const person = chats.person(chat, personId);
      const index = chat.messages.findIndex((message) => message.messageId === messageId);
      if (index < 0) throw new ApiError('not_found', `There is no message ${messageId} in this chat.`);
      const current = chat.messages[index]!;
      const others = current.reactions.filter((reaction) => reaction.userId !== personId);
      const message: ChatMsg = {
        ...current,
        reactions:
          emoji === null ? others : [...others, { userId: person.id, userName: person.firstName, emoji }],
      };
      chat.messages[index] = message;
      runtime.emit('conversation.messageEdited', { agent, network: 'simulator', message });
      return { message };
    }
    case 'simulator.type': {
      const { agent, channelId, personId } = input as {
        agent: string;
        channelId: number;
        personId: number;
      };
      chats.person(chats.chat(agent, channelId), personId);
      return { ok: true };
    }
    case 'simulator.stickers':
      return { stickers: runtime.stickers };
    default:
      return method satisfies never;
  }
}
