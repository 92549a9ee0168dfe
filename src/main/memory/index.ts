/** What agents remember: the conversation archive (and, as they arrive, summaries, facts and recall). */
export { searchableText, toArchivedMessage } from './archive-message';
export { archiveDeletion, archiveMessages } from './conversation-archive';
