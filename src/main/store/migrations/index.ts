import { migration001Initial } from './001-initial';
import { migration002Simulator } from './002-simulator';
import { migration003Engine } from './003-engine';
import { migration004LlmPrices } from './004-llm-prices';
import { migration005TelegramSessions } from './005-telegram-sessions';
import { migration006ConversationArchive } from './006-conversation-archive';
import { migration007ConversationSummaries } from './007-conversation-summaries';
import { migration008RecallIndexes } from './008-recall-indexes';
import { migration009MemoryFacts } from './009-memory-facts';
import { migration010SessionsAndProfiles } from './010-sessions-and-profiles';
import { migration011ArchiveEmbeddings } from './011-archive-embeddings';
import { migration012MediaDescriptions } from './012-media-descriptions';
import { migration013MediaJobs } from './013-media-jobs';
import { migration014ConversationPause } from './014-conversation-pause';
import { migration015ExchangeHistory } from './015-exchange-history';
import { migration016UsageLedgerIndex } from './016-usage-ledger-index';
import { migration017OperatorSteering } from './017-operator-steering';
import { migration018UsageLedgerColumns } from './018-usage-ledger-columns';
import { migration019MessageTranslations } from './019-message-translations';
import { migration020ScheduledEvents } from './020-scheduled-events';
import { migration021Retrieval } from './021-retrieval';
import { migration022AgentSchedules } from './022-agent-schedules';
import { migration023TelegramUpdateState } from './023-telegram-update-state';
import { migration024ConversationReadMarks } from './024-conversation-read-marks';
import { migration025LastExchangeFromHistory } from './025-last-exchange-from-history';
import { migration026PromptTexts } from './026-prompt-texts';
import { migration027ArchiveIndexQueue } from './027-archive-index-queue';
import { migration028TaskLogWithoutKindIndex } from './028-task-log-without-kind-index';
import { migration029ArchiveTextChangeTriggers } from './029-archive-text-change-triggers';
import { migration030TelegramChatTitles } from './030-telegram-chat-titles';
import { migration031MediaJobKept } from './031-media-job-kept';
import type { Migration } from './migration';

/** Every migration, in the order they run. Append only. */
export const MIGRATIONS: readonly Migration[] = [
  migration001Initial,
  migration002Simulator,
  migration003Engine,
  migration004LlmPrices,
  migration005TelegramSessions,
  migration006ConversationArchive,
  migration007ConversationSummaries,
  migration008RecallIndexes,
  migration009MemoryFacts,
  migration010SessionsAndProfiles,
  migration011ArchiveEmbeddings,
  migration012MediaDescriptions,
  migration013MediaJobs,
  migration014ConversationPause,
  migration015ExchangeHistory,
  migration016UsageLedgerIndex,
  migration017OperatorSteering,
  migration018UsageLedgerColumns,
  migration019MessageTranslations,
  migration020ScheduledEvents,
  migration021Retrieval,
  migration022AgentSchedules,
  migration023TelegramUpdateState,
  migration024ConversationReadMarks,
  migration025LastExchangeFromHistory,
  migration026PromptTexts,
  migration027ArchiveIndexQueue,
  migration028TaskLogWithoutKindIndex,
  migration029ArchiveTextChangeTriggers,
  migration030TelegramChatTitles,
  migration031MediaJobKept,
];
