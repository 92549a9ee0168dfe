import type { Logger } from '../logging';
import { AgentRowsRepository } from './agent-rows-repository';
import { AgentStateRepository } from './agent-state-repository';
import { AgentSteeringRepository } from './agent-steering-repository';
import { ArchiveImportRepository } from './archive-import-repository';
import { ArchiveIndexQueue } from './archive-index-queue';
import { ArchiveRecallRepository } from './archive-recall-repository';
import { ArchiveRepository } from './archive-repository';
import { ArchiveVectorRepository } from './archive-vector-repository';
import type { Now } from './clock';
import { openDatabase } from './database';
import { EngineConversationSettingsRepository } from './engine-conversation-settings-repository';
import { EngineGraphRepository } from './engine-graph-repository';
import { EngineMemoryRepository } from './engine-memory-repository';
import { EngineOutboundJournalRepository } from './engine-outbound-journal-repository';
import { ExchangeHistoryRepository } from './exchange-history-repository';
import { FactRepository } from './fact-repository';
import { LlmPriceRepository } from './llm-price-repository';
import { MediaDescriptionRepository } from './media-description-repository';
import { MediaJobRepository } from './media-job-repository';
import { forgetReads, writesElsewhereWatch } from './read-cache';
import { ReadMarkRepository } from './read-mark-repository';
import { RetrievalRepository } from './retrieval-repository';
import { ScheduleRepository } from './schedule-repository';
import { ScheduledEventRepository } from './scheduled-event-repository';
import { SecretsRepository } from './secrets-repository';
import { SessionMemoryRepository } from './session-repository';
import { SettingsRepository } from './settings-repository';
import { type SimulatorTables, simulatorTables } from './simulator';
import { SummaryRepository } from './summary-repository';
import { TaskLogRepository } from './task-log-repository';
import { TelegramChatTitleRepository } from './telegram-chat-title-repository';
import { TelegramSessionRepository } from './telegram-session-repository';
import { TranslationRepository } from './translation-repository';
import { UsageRepository } from './usage-repository';
import { WalCheckpointer } from './wal-checkpointer';

/** The runtime's one typed view of the database: a repository per aggregate. */
export interface Store {
  readonly settings: SettingsRepository;
  readonly secrets: SecretsRepository;
  readonly agentState: AgentStateRepository;
  /** Per agent: approval of planned messages by default, and the daily spending limit. */
  readonly agentSteering: AgentSteeringRepository;
  /** Every row of an agent, across tables: moved to a new config name or deleted. */
  readonly agentRows: AgentRowsRepository;
  readonly taskLog: TaskLogRepository;
  /** The cost ledger (the task log's `llm_usage` rows) summed for the cost views and spending limits. */
  readonly usage: UsageRepository;
  /** The LLM price catalogue the cost ledger prices calls with. */
  readonly llmPrices: LlmPriceRepository;
  /** The conversation engine's task graphs, one per conversation. */
  readonly taskGraphs: EngineGraphRepository;
  /** Outbound messages journalled before they are sent, so a crash never sends one twice. */
  readonly outboundSends: EngineOutboundJournalRepository;
  /** Memories, intentions, notes and plans the agents keep. */
  readonly memoryEntries: EngineMemoryRepository;
  /** Per-conversation LLM override, gag, reply policy, pause, takeover and approval. */
  readonly conversationSettings: EngineConversationSettingsRepository;
  /** How far the agent has read each conversation (what its turns answered). */
  readonly readMarks: ReadMarkRepository;
  /** What each Telegram chat was called at the agent's latest turn in it. */
  readonly telegramChatTitles: TelegramChatTitleRepository;
  /**
   * Every LLM exchange, within the retention window (each conversation's last one always): the
   * provenance of what agents said.
   */
  readonly exchangeHistory: ExchangeHistoryRepository;
  /** Encrypted Telegram sessions per agent and server (see SessionVault). */
  readonly telegramSessions: TelegramSessionRepository;
  /** Every message each agent saw or sent, with full-text indexes. */
  readonly archive: ArchiveRepository;
  /** The archived messages waiting for the full-text indexes, indexed in batches. */
  readonly archiveIndex: ArchiveIndexQueue;
  /** Bulk writes to the archive, for history imports. */
  readonly archiveImport: ArchiveImportRepository;
  /** The archive as memory recall searches it: per chat, by words and by send time. */
  readonly archiveRecall: ArchiveRecallRepository;
  /** Vectors of archived messages per embedding model (sqlite-vec), for recall by meaning. */
  readonly archiveVectors: ArchiveVectorRepository;
  /** Summaries of stretches of each conversation. */
  readonly summaries: SummaryRepository;
  /** Facts each agent knows about the people it talks to, with their history. */
  readonly facts: FactRepository;
  /** Session summaries, person profiles and how far memory work has read each chat. */
  readonly sessionMemory: SessionMemoryRepository;
  /** What the media description chain learnt about each file, by unique id. */
  readonly mediaDescriptions: MediaDescriptionRepository;
  /** The media editor's long jobs (sticker set imports, describing what is missing). */
  readonly mediaJobs: MediaJobRepository;
  /** The Simulator's people, chats, messages, sent keys and files. */
  readonly simulator: SimulatorTables;
  /** The console's translations of conversation messages. */
  readonly translations: TranslationRepository;
  /** The agents' scheduled self-instructions, per conversation. */
  readonly scheduledEvents: ScheduledEventRepository;
  readonly schedules: ScheduleRepository;
  /** The page cache of retrieval and the documents each conversation retrieved. */
  readonly retrieval: RetrievalRepository;
  /**
   * Runs `work` in one transaction across repositories; it commits when `work` returns. Task
   * graphs and exchanges are saved inside one, so that a rollback also resets what the graph
   * repository believes it has written and which prompt texts the exchange history believes it keeps.
   */
  transaction<T>(work: () => T): T;
  /**
   * Forgets what the repositories keep of what they read when another connection has written the
   * database since the last call: another process on the same state directory (`troupe
   * simulate` beside the app, a CLI command). The runtime calls it every second.
   */
  noticeWritesElsewhere(): void;
  /** Moves WAL checkpoints to a worker thread, off the caller's (see WalCheckpointer). */
  startBackgroundCheckpoints(): Promise<void>;
  /** Ends them with a last checkpoint; the connection checkpoints by itself again. */
  stopBackgroundCheckpoints(): Promise<void>;
  close(): void;
}

export interface OpenStoreOptions {
  /** Database file, or ':memory:'. */
  file: string;
  logger: Logger;
  now?: Now;
}

/** Opens and migrates the database, then builds the repositories over it. */
export function openStore(options: OpenStoreOptions): Store {
  const logger = options.logger.child({ module: 'store' });
  const db = openDatabase(options.file, { logger });
  const deps = options.now ? { now: options.now } : {};
  const taskGraphs = new EngineGraphRepository(db);
  const archiveIndex = new ArchiveIndexQueue(db);
  const exchangeHistory = new ExchangeHistoryRepository(db);
  const writtenElsewhere = writesElsewhereWatch(db);
  // One transaction function for every call: better-sqlite3 builds four wrappers per `transaction()`.
  const immediate = db.transaction((work: () => unknown) => work()).immediate;
  let checkpointer: WalCheckpointer | null = null;
  return {
    settings: new SettingsRepository(db, { logger, ...deps }),
    secrets: new SecretsRepository(db, deps),
    agentState: new AgentStateRepository(db, deps),
    agentSteering: new AgentSteeringRepository(db),
    // What repositories keep of what they read goes when an agent's rows move or go.
    agentRows: new AgentRowsRepository(db, archiveIndex, () => forgetReads(db)),
    taskLog: new TaskLogRepository(db, deps),
    usage: new UsageRepository(db),
    llmPrices: new LlmPriceRepository(db, deps),
    taskGraphs,
    outboundSends: new EngineOutboundJournalRepository(db),
    memoryEntries: new EngineMemoryRepository(db),
    conversationSettings: new EngineConversationSettingsRepository(db),
    readMarks: new ReadMarkRepository(db, deps),
    telegramChatTitles: new TelegramChatTitleRepository(db, deps),
    exchangeHistory,
    telegramSessions: new TelegramSessionRepository(db, deps),
    archive: new ArchiveRepository(db),
    archiveIndex,
    archiveImport: new ArchiveImportRepository(db),
    archiveRecall: new ArchiveRecallRepository(db, archiveIndex),
    archiveVectors: new ArchiveVectorRepository(db),
    summaries: new SummaryRepository(db),
    facts: new FactRepository(db),
    sessionMemory: new SessionMemoryRepository(db),
    mediaDescriptions: new MediaDescriptionRepository(db, deps),
    mediaJobs: new MediaJobRepository(db, deps),
    simulator: simulatorTables(db),
    translations: new TranslationRepository(db),
    scheduledEvents: new ScheduledEventRepository(db),
    schedules: new ScheduleRepository(db),
    retrieval: new RetrievalRepository(db),
    transaction: <T>(work: () => T): T => {
      try {
        return immediate(work) as T;
      } catch (error) {
        // Rolled back: graph rows and prompt texts kept inside are not in the database after all.
        taskGraphs.forgetWrites();
        exchangeHistory.forgetWrites();
        throw error;
      }
    },
    noticeWritesElsewhere: () => {
      if (writtenElsewhere()) forgetReads(db);
    },
    startBackgroundCheckpoints: async () => {
      if (options.file === ':memory:' || checkpointer) return;
      checkpointer = await WalCheckpointer.start(db, { file: options.file, logger });
    },
    stopBackgroundCheckpoints: async () => {
      await checkpointer?.stop();
      checkpointer = null;
    },
    close: () => db.close(),
  };
}
