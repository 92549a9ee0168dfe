/** `troupe history import`: Telegram Desktop JSON exports into the conversation archive. */
export type { ExportTextFormatter } from './export-message';
export type { ExportText } from './export-schema';
export { ExportFormatError, ImportMismatchError } from './import-errors';
export {
  type HistoryImportDeps,
  type HistoryImportProgress,
  type HistoryImportReport,
  type HistoryImportRequest,
  importTelegramHistory,
} from './import-history';
export type { ImportedChat, LeftOutChat } from './import-session';
