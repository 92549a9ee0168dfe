import type { RecallStore } from '../../../../src/main/memory/recall/candidate';
import {
  type ArchivedMessageInput,
  ArchiveIndexQueue,
  ArchiveRecallRepository,
  ArchiveRepository,
  ArchiveVectorRepository,
  EngineMemoryRepository,
  FactRepository,
  openDatabase,
  SessionMemoryRepository,
  SummaryRepository,
} from '../../../../src/main/store';

/** An in-memory database with the repositories recall reads. */
export function recallStore(file = ':memory:'): RecallStore & { close(): void } {
  const db = openDatabase(file);
  return {
    archive: new ArchiveRepository(db),
    archiveRecall: new ArchiveRecallRepository(db, new ArchiveIndexQueue(db)),
    archiveVectors: new ArchiveVectorRepository(db),
    summaries: new SummaryRepository(db),
    sessionMemory: new SessionMemoryRepository(db),
    memoryEntries: new EngineMemoryRepository(db),
    facts: new FactRepository(db),
    close: () => db.close(),
  };
}

/** A message from Pat (odd ids) or the agent (even ids), sent at `sentAt`. */
export function message(messageId: number, text: string, sentAt: string, from = 'Pat'): ArchivedMessageInput {
  const isAgent = messageId % 2 === 0;
  return {
    messageId,
    senderId: isAgent ? null : 501,
    senderName: isAgent ? null : from,
    isAgent,
    replyTo: null,
    sentAt: new Date(sentAt).toISOString(),
    editedAt: null,
    text,
    partsJson: JSON.stringify([{ kind: 'text', text }]),
  };
}
