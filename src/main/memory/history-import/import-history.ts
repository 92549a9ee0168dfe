import type { Network } from '../../../shared/api/conversation-contract';
import type { Store } from '../../store';
import type { ExportTextFormatter } from './export-message';
import { ExportReader } from './export-reader';
import { ExportFormatError, ImportMismatchError } from './import-errors';
import { type ImportedChat, ImportSession, type LeftOutChat } from './import-session';

export interface HistoryImportRequest {
  /** The export's `result.json`. */
  file: string;
  /** The agent's config name. */
  agent: string;
  network: Network;
  /** The agent file's `# Telegram ID`, when known: which senders are the agent in groups. */
  agentTelegramId: number | null;
  /** Of a whole-account export, only this chat (its id as the export writes it); else every chat. */
  chatId: number | null;
}

export interface HistoryImportProgress {
  bytesRead: number;
  totalBytes: number;
  /** Export entries read so far, in every chat. */
  entries: number;
}

export interface HistoryImportDeps {
  store: Pick<Store, 'archiveImport' | 'archiveIndex' | 'transaction'>;
  /** The Telegram adapter's `exportTextToMarkdown`: text as live sessions archive it. */
  formatText: ExportTextFormatter;
  now: () => Date;
  onProgress?: (progress: HistoryImportProgress) => void;
}

export interface HistoryImportReport {
  /** The chats imported, in export order. */
  chats: ImportedChat[];
  /** The chats the export has but the import left out (Saved Messages, not the --chat asked for). */
  leftOut: LeftOutChat[];
  messages: number;
  added: number;
  skipped: number;
}

function total(chats: readonly ImportedChat[], field: 'messages' | 'added' | 'skipped'): number {
  return chats.reduce((sum, chat) => sum + chat[field], 0);
}

function nothingToImport(request: HistoryImportRequest, leftOut: readonly LeftOutChat[]): Error {
  if (leftOut.length === 0) {
    return new ExportFormatError(
      request.file,
      'holds no chat: expected a chat export ("messages") or a whole-account export ("chats": {"list": [...]})',
    );
  }
  const chats = leftOut.map((chat) => `${chat.exportId} "${chat.name}" (${chat.reason})`).join('; ');
  const asked = request.chatId === null ? 'nothing to import' : `no chat ${request.chatId} to import`;
  return new ImportMismatchError(`The export has ${asked}. Its chats: ${chats}.`);
}

/**
 * `troupe history import`: a Telegram Desktop JSON export into the agent's conversation archive,
 * keeping the export's message ids, in one transaction: a problem anywhere in the file (named
 * by its JSON path) writes nothing. Messages the archive has already are left as they are, so a
 * second import adds nothing. Synchronous: it holds the database's write lock until it is done.
 */
export function importTelegramHistory(
  request: HistoryImportRequest,
  deps: HistoryImportDeps,
): HistoryImportReport {
  const archivedAt = deps.now();
  let reader: ExportReader | null = null;
  const session = new ImportSession({
    agent: request.agent,
    network: request.network,
    agentTelegramId: request.agentTelegramId,
    chatId: request.chatId,
    formatText: deps.formatText,
    write: (conversation, rows) => deps.store.archiveImport.insertNew(conversation, rows, archivedAt),
    onMessages: (entries) =>
      deps.onProgress?.({ bytesRead: reader!.bytesRead, totalBytes: reader!.totalBytes, entries }),
  });
  reader = new ExportReader(request.file, session);
  deps.store.transaction(() => {
    reader.read();
    if (session.chats.length === 0) throw nothingToImport(request, session.leftOut);
    // Searchable at once, in one segment per index, rather than by the runtime's next batch.
    deps.store.archiveIndex.indexPending();
  });
  return {
    chats: session.chats,
    leftOut: session.leftOut,
    messages: total(session.chats, 'messages'),
    added: total(session.chats, 'added'),
    skipped: total(session.chats, 'skipped'),
  };
}
