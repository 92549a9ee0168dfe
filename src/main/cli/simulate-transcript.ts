import type { EventPayload } from '../../shared/api';
import type { ChatMsg } from '../../shared/domain/conversation';
import type { TaskGraphView } from '../../shared/domain/tasks';
import { ScriptError } from './simulate-script';

function messageText(message: ChatMsg): string {
  return message.parts
    .map((part) => {
      switch (part.kind) {
        case 'text':
        case 'service':
          return part.text;
        case 'media': {
          // A sticker by its emoji, a document by its name.
          const label = part.stickerName ?? part.fileName;
          return `[${part.mediaKind}${label ? ` ${label}` : ''}]`;
        }
        case 'unknown':
          return `[${part.partKind}]`;
        default: {
          const unknown: never = part;
          return `[${String(unknown)}]`;
        }
      }
    })
    .join('');
}

/** Prints what happens in the simulated chat as JSON lines, and keeps the transcript for indexes. */
export class TranscriptPrinter {
  readonly transcript: ChatMsg[] = [];
  readonly #print: (line: Record<string, unknown>) => void;
  readonly #taskStates = new Map<string, string>();
  failedTasks = 0;

  constructor(print: (line: Record<string, unknown>) => void) {
    this.#print = print;
  }

  message(message: ChatMsg): void {
    this.transcript.push(message);
    this.#print({
      type: 'message',
      index: this.transcript.length - 1,
      messageId: message.messageId,
      from: message.isAgent ? 'agent' : message.senderName,
      text: messageText(message),
      replyTo: message.replyToMessageId,
      reactions: message.reactions.map((reaction) => reaction.emoji),
      at: message.sentAt,
    });
  }

  /** Something the run did on the script's behalf, worth a line of its own. */
  note(text: string): void {
    this.#print({ type: 'note', text });
  }

  edited(message: ChatMsg): void {
    const index = this.transcript.findIndex((known) => known.messageId === message.messageId);
    if (index === -1) return;
    this.transcript[index] = message;
    this.#print({
      type: 'edit',
      index,
      messageId: message.messageId,
      text: messageText(message),
      reactions: message.reactions.map((reaction) => `${reaction.userName}: ${reaction.emoji}`),
    });
  }

  /** One line per task whose status, retries or error changed since the graph was last seen. */
  graph(graph: TaskGraphView | null): void {
    for (const node of graph?.nodes ?? []) {
      const state = `${node.status}/${node.retries}/${node.lastError ?? ''}/${node.waitUntil ?? ''}`;
      if (this.#taskStates.get(node.id) === state) continue;
      this.#taskStates.set(node.id, state);
      if (node.status === 'failed') this.failedTasks++;
      this.#print({
        type: 'task',
        id: node.id,
        kind: node.kind,
        status: node.status,
        retries: node.retries,
        ...(node.waitUntil ? { waitUntil: node.waitUntil } : {}),
        ...(node.lastError ? { error: node.lastError } : {}),
        params: node.params,
      });
    }
  }

  exchange(exchange: EventPayload<'conversation.exchange'>['exchange']): void {
    this.#print({
      type: 'llm',
      provider: exchange.provider,
      model: exchange.model,
      inputTokens: exchange.inputTokens,
      outputTokens: exchange.outputTokens,
      cachedTokens: exchange.cachedTokens,
      costUsd: exchange.costUsd,
      latencyMs: exchange.latencyMs,
      reply: exchange.rawReply,
      ...(exchange.error ? { error: exchange.error } : {}),
    });
  }

  /** The message a transcript index names (negative counts from the newest). */
  messageAt(index: number, step: number): ChatMsg {
    const message = index < 0 ? this.transcript[this.transcript.length + index] : this.transcript[index];
    if (!message) {
      throw new ScriptError(
        `step ${step}: there is no message ${index} yet; the chat has ${this.transcript.length} message(s).`,
      );
    }
    return message;
  }
}
