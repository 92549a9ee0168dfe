import type { EventName, EventPayload, ProcedureInput } from '../../../src/shared/api/contract';
import type { TaskLogRowView } from '../../../src/shared/api/conversation-tools-contract';
import type { ApiError } from '../../../src/shared/api/errors';

const TOOLS_PROCEDURES = ['conversations.taskLog', 'conversations.translate'] as const;
type ToolsProcedure = (typeof TOOLS_PROCEDURES)[number];

export function isConversationToolsProcedure(method: string): method is ToolsProcedure {
  return (TOOLS_PROCEDURES as readonly string[]).includes(method);
}

const chatKey = (ref: { network: string; agent: string; channelId: number }) =>
  `${ref.network}/${ref.agent}/${ref.channelId}`;

/**
 * The fake runtime's conversation tools: task-log rows a test seeds per chat (answered by span,
 * as the runtime does), and translations made by writing `[<language>] ` before the words,
 * announced batch by batch like the runtime's. `translateError` makes translations fail.
 */
export class FakeConversationTools {
  readonly #rows = new Map<string, TaskLogRowView[]>();
  translateError: ApiError | null = null;

  constructor(
    private readonly runtime: { emit<E extends EventName>(name: E, payload: EventPayload<E>): void },
  ) {}

  seedTaskRows(ref: { network: string; agent: string; channelId: number }, rows: TaskLogRowView[]): void {
    this.#rows.set(chatKey(ref), [...(this.#rows.get(chatKey(ref)) ?? []), ...rows]);
  }

  answer(method: ToolsProcedure, input: unknown): unknown {
    switch (method) {
      case 'conversations.taskLog': {
        const { since, until, ...ref } = input as ProcedureInput<'conversations.taskLog'>;
        const rows = (this.#rows.get(chatKey(ref)) ?? []).filter(
          (row) => row.at >= since && (until === undefined || row.at < until),
        );
        return { rows, truncated: false };
      }
      case 'conversations.translate': {
        if (this.translateError) throw this.translateError;
        const { language, messages, ...ref } = input as ProcedureInput<'conversations.translate'>;
        const translations = messages.map((item) => ({
          messageId: item.messageId,
          text: `[${language}] ${item.text}`,
        }));
        this.runtime.emit('conversation.translated', { ...ref, language, translations });
        return { translations };
      }
      default:
        return method satisfies never;
    }
  }
}
