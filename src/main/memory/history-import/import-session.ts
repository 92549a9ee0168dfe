import type { Network } from '../../../shared/api/conversation-contract';
import type { ConversationKey } from '../../../shared/domain/conversation-key';
import type { ArchivedMessageInput } from '../../store';
import { notAConversation, placeChat, sideRule } from './export-chat';
import { type ExportChatContext, type ExportTextFormatter, exportMessageRow } from './export-message';
import type { ExportVisitor } from './export-reader';
import {
  type ExportChatHeader,
  ExportChatHeaderSchema,
  type ExportChatType,
  ExportEntrySchema,
  ExportMediaSchema,
  ExportMessageSchema,
  ExportPersonalInformationSchema,
  hasMediaFields,
} from './export-schema';
import { ExportFormatError, ImportMismatchError } from './import-errors';

/** How one exported chat went. */
export interface ImportedChat {
  /** Its JSON path in the export ('' for a single-chat export). */
  where: string;
  name: string;
  type: ExportChatType;
  /** The export's own (bare) chat id, which `--chat` names. */
  exportId: number;
  /** Where it is archived: Telegram's marked id. */
  channelId: number;
  /** Messages people wrote (service entries left out). */
  messages: number;
  /** Of those, the ones the archive did not have. */
  added: number;
  /** Service and unsupported entries, which hold no message. */
  skipped: number;
}

/** A chat the import left out, and why. */
export interface LeftOutChat {
  where: string;
  name: string;
  exportId: number;
  reason: string;
}

export interface ImportSessionOptions {
  agent: string;
  network: Network;
  /** The agent file's `# Telegram ID`, when known. */
  agentTelegramId: number | null;
  /** Only this chat (the export's id) of a whole-account export. */
  chatId: number | null;
  formatText: ExportTextFormatter;
  /** Writes new rows, returning how many were new (`ArchiveImportRepository.insertNew`). */
  write(conversation: ConversationKey, rows: readonly ArchivedMessageInput[]): number;
  /** Called every few hundred messages. */
  onMessages?(messages: number): void;
}

/** Rows gathered before they are written: one full statement's worth (see `ArchiveImportRepository`). */
const BATCH_ROWS = 1024;

interface OpenChat {
  where: string;
  fields: Record<string, unknown>;
  /** Set once the header is read: the chat's context, or why it is left out. */
  plan: ChatPlan | null;
  /** Messages that came before the chat's header was complete (never, in Telegram Desktop's order). */
  early: { value: unknown; index: number }[];
  rows: ArchivedMessageInput[];
  report: ImportedChat | null;
}

type ChatPlan =
  | { kind: 'import'; conversation: ConversationKey; context: ExportChatContext; messagesPath: string }
  | { kind: 'leave-out' };

/** Whether an entry says it is a message people wrote (checked in full by the message schema). */
function isMessageEntry(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'message';
}

/** Telegram Desktop writes no name for these chats. */
const UNNAMED_CHATS: Partial<Record<ExportChatType, string>> = {
  saved_messages: 'Saved Messages',
  replies: 'Replies',
};

function fieldPath(where: string, field: string): string {
  return where === '' ? field : `${where}.${field}`;
}

/** The first problem zod found, as `path.to.field: what is wrong`. */
function formatError(
  where: string,
  issues: readonly { path: PropertyKey[]; message: string }[],
): ExportFormatError {
  const issue = issues[0]!;
  const path = issue.path.reduce<string>(
    (prefix, key) => (typeof key === 'number' ? `${prefix}[${key}]` : `${prefix}.${String(key)}`),
    where,
  );
  return new ExportFormatError(path, issue.message);
}

/**
 * Follows the reader through an export: validates each chat's header and each message, maps
 * messages to archive rows and writes them in batches. Throws on the first problem, naming where
 * it is; the caller's transaction then takes back whatever was written.
 */
export class ImportSession implements ExportVisitor {
  readonly #options: ImportSessionOptions;
  #owner: number | null = null;
  #chat: OpenChat | null = null;
  #messagesSeen = 0;
  readonly chats: ImportedChat[] = [];
  readonly leftOut: LeftOutChat[] = [];

  constructor(options: ImportSessionOptions) {
    this.#options = options;
  }

  personalInformation(value: unknown): void {
    const parsed = ExportPersonalInformationSchema.safeParse(value);
    if (!parsed.success) throw formatError('personal_information', parsed.error.issues);
    const owner = parsed.data.user_id;
    const configured = this.#options.agentTelegramId;
    if (configured !== null && configured !== owner) {
      throw new ImportMismatchError(
        `This export is of the Telegram account ${owner}, but ${this.#options.agent}'s account is ${configured} (its "# Telegram ID"). Export ${this.#options.agent}'s own account.`,
      );
    }
    this.#owner = owner;
  }

  chatStart(where: string): void {
    this.#chat = { where, fields: {}, plan: null, early: [], rows: [], report: null };
  }

  chatField(key: string, value: unknown): void {
    this.#chat!.fields[key] = value;
  }

  message(value: unknown, index: number): void {
    const chat = this.#chat!;
    if (chat.plan === null) {
      if (!('type' in chat.fields && 'id' in chat.fields)) {
        chat.early.push({ value, index });
        return;
      }
      this.#plan(chat);
    }
    this.#take(chat, value, index);
  }

  chatEnd(): void {
    const chat = this.#chat!;
    if (chat.plan === null) this.#plan(chat);
    this.#flush(chat);
    this.#chat = null;
  }

  #plan(chat: OpenChat): void {
    const parsed = ExportChatHeaderSchema.safeParse(chat.fields);
    if (!parsed.success) throw formatError(chat.where, parsed.error.issues);
    const header = parsed.data;
    const name = header.name?.trim() || UNNAMED_CHATS[header.type] || `chat ${header.id}`;
    const leftOutBecause = this.#leftOutBecause(header);
    if (leftOutBecause !== null) {
      chat.plan = { kind: 'leave-out' };
      this.leftOut.push({ where: chat.where, name, exportId: header.id, reason: leftOutBecause });
    } else {
      const placement = placeChat(header, chat.where);
      const { agent, network } = this.#options;
      chat.plan = {
        kind: 'import',
        conversation: { agent, network, channelId: placement.channelId },
        messagesPath: fieldPath(chat.where, 'messages'),
        context: {
          channelId: placement.channelId,
          isAgent: sideRule(placement, {
            agent,
            agentTelegramId: this.#owner ?? this.#options.agentTelegramId,
            chatName: name,
          }),
          formatText: this.#options.formatText,
        },
      };
      chat.report = {
        where: chat.where,
        name,
        type: header.type,
        exportId: header.id,
        channelId: placement.channelId,
        messages: 0,
        added: 0,
        skipped: 0,
      };
      this.chats.push(chat.report);
    }
    for (const early of chat.early) this.#take(chat, early.value, early.index);
    chat.early = [];
  }

  #leftOutBecause(header: ExportChatHeader): string | null {
    const { chatId } = this.#options;
    return (
      notAConversation(header.type) ??
      (chatId !== null && header.id !== chatId ? `not --chat ${chatId}` : null)
    );
  }

  #take(chat: OpenChat, value: unknown, index: number): void {
    this.#messagesSeen += 1;
    if (this.#messagesSeen % 512 === 0) this.#options.onMessages?.(this.#messagesSeen);
    const plan = chat.plan!;
    // A chat left out is passed over unread: what is not imported is not checked either.
    if (plan.kind === 'leave-out') return;
    const where = `${plan.messagesPath}[${index}]`;
    const report = chat.report!;
    if (!isMessageEntry(value)) {
      const entry = ExportEntrySchema.safeParse(value);
      if (!entry.success) throw formatError(where, entry.error.issues);
      report.skipped += 1;
      return;
    }
    const message = ExportMessageSchema.safeParse(value);
    if (!message.success) throw formatError(where, message.error.issues);
    let media = null;
    if (hasMediaFields(value as object)) {
      const parsed = ExportMediaSchema.safeParse(value);
      if (!parsed.success) throw formatError(where, parsed.error.issues);
      media = parsed.data;
    }
    chat.rows.push(exportMessageRow(message.data, media, plan.context, where));
    report.messages += 1;
    if (chat.rows.length >= BATCH_ROWS) this.#flush(chat);
  }

  #flush(chat: OpenChat): void {
    if (chat.plan?.kind !== 'import' || chat.rows.length === 0) return;
    chat.report!.added += this.#options.write(chat.plan.conversation, chat.rows);
    chat.rows = [];
  }
}
