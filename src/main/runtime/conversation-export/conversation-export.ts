import {
  type ConversationExportQuery,
  MAX_EXPORT_MESSAGES,
  mediaFilePath,
  type TaskLogRowView,
} from '../../../shared/api';
import type { ChatMsg } from '../../../shared/domain/conversation';
import { messageWords } from '../../../shared/domain/message-text';
import { TASK_LOG_LEAD_IN_MS } from '../../../shared/domain/task-log-interleave';
import { type ConversationHandlerDeps, conversationAccess } from '../../api/handlers/conversation-access';
import { taskLogNetwork, taskLogRowView } from '../../api/handlers/task-log-rows';
import type { Store } from '../../store';
import { textHash } from '../../translation';
import type { MediaFileSource } from '../media-file-source';
import { exportFileName, mediaEntryName, zipExport } from './export-archive';
import { type ExportedFile, fileKey, renderExportHtml } from './export-html';

export interface ConversationExportDeps extends ConversationHandlerDeps {
  store: Pick<Store, 'taskLog' | 'summaries' | 'translations'>;
  mediaFile: MediaFileSource;
  now: () => Date;
}

/** A finished export: the zip to download, or with `print` the page alone. */
export interface ConversationExportFile {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

/** The newest messages of a chat, up to the export's limit, oldest first. */
async function newestMessages(
  read: (beforeMessageId: number | undefined) => Promise<{ messages: ChatMsg[]; hasMore: boolean }>,
): Promise<{ messages: ChatMsg[]; truncated: boolean }> {
  const pages: ChatMsg[][] = [];
  let count = 0;
  let before: number | undefined;
  for (;;) {
    const page = await read(before);
    pages.unshift(page.messages);
    count += page.messages.length;
    const oldest = page.messages[0];
    if (!page.hasMore || !oldest) return { messages: pages.flat(), truncated: false };
    if (count >= MAX_EXPORT_MESSAGES)
      return { messages: pages.flat().slice(-MAX_EXPORT_MESSAGES), truncated: true };
    before = oldest.messageId;
  }
}

const PAGE = 200;

/**
 * Builds a conversation's export: its newest messages (up to 5,000) as one page, with the
 * summaries, the task log and the kept translations when asked, zipped with each message's file
 * under `media/`; or, to print, the page alone linking the files on the console's media route.
 * A file that cannot be had is named on the page instead of failing the export.
 */
export function createConversationExporter(deps: ConversationExportDeps) {
  const { networkFor, inConversation } = conversationAccess(deps);

  return async (query: ConversationExportQuery & { timeZone: string }): Promise<ConversationExportFile> => {
    const ref = { agent: query.agent, network: query.network, channelId: query.channelId };
    const network = networkFor(ref.network);
    await inConversation(ref, () => undefined);
    const { messages, truncated } = await newestMessages(async (beforeMessageId) => {
      const page = await network.messages(ref.agent, ref.channelId, {
        limit: PAGE,
        ...(beforeMessageId === undefined ? {} : { beforeMessageId }),
      });
      return { ...page, messages: deps.describeMedia(page.messages) };
    });
    const chats = await network.listChats(ref.agent).catch(() => []);
    const chatTitle =
      chats.find((chat) => chat.channelId === ref.channelId)?.title ?? `Chat ${ref.channelId}`;
    const agentName =
      deps.config.config.agents.find((agent) => agent.configName === ref.agent)?.name ?? ref.agent;

    const files = new Map<string, ExportedFile>();
    const media = new Map<string, Uint8Array>();
    for (const message of messages) {
      for (const [index, part] of message.parts.entries()) {
        if (part.kind !== 'media' || part.customEmoji) continue;
        const fileRef = {
          kind: 'message' as const,
          ...ref,
          messageId: message.messageId,
          uniqueId: part.uniqueId,
        };
        if (query.print) {
          files.set(fileKey(message.messageId, index), {
            href: mediaFilePath(fileRef),
            mimeType: part.mimeType ?? null,
          });
          continue;
        }
        const file = await deps.mediaFile(fileRef).catch(() => null);
        if (!file) continue;
        const name = mediaEntryName(message.messageId, index, file.mimeType, part.fileName);
        media.set(name, file.bytes);
        files.set(fileKey(message.messageId, index), { href: name, mimeType: file.mimeType });
      }
    }

    const conversation = ref;
    const first = messages[0];
    const taskLog: TaskLogRowView[] =
      query.options.taskLog && first
        ? deps.store.taskLog
            .list({
              agent: ref.agent,
              channelId: ref.channelId,
              since: new Date(Date.parse(first.sentAt) - TASK_LOG_LEAD_IN_MS),
              limit: MAX_EXPORT_MESSAGES * 10,
            })
            .filter((entry) => taskLogNetwork(entry, () => ref.network) === ref.network)
            .reverse()
            .map(taskLogRowView)
        : [];
    const language = query.options.translationLanguage;
    const translations = language
      ? deps.store.translations.find(
          { ...conversation, language },
          messages
            .map((message) => ({ messageId: message.messageId, text: messageWords(message) }))
            .filter((item) => item.text !== '')
            .map((item) => ({ messageId: item.messageId, textHash: textHash(item.text) })),
        )
      : new Map<number, string>();
    const exportedAt = deps.now();
    const html = renderExportHtml({
      agentName,
      chatTitle,
      networkLabel: ref.network === 'simulator' ? 'Simulator' : 'Telegram',
      exportedAt,
      timeZone: query.timeZone,
      messages,
      truncated,
      files,
      summaries: query.options.summaries
        ? deps.store.summaries
            .list(conversation)
            .map((summary) => ({ text: summary.content, maxMessageId: summary.maxMessageId }))
        : [],
      taskLog,
      translations,
      translationLanguage: language,
    });
    const day = exportedAt.toISOString().slice(0, 10);
    const zipName = exportFileName(agentName, chatTitle, day);
    if (query.print) {
      return {
        fileName: zipName.replace(/\.zip$/, '.html'),
        contentType: 'text/html; charset=utf-8',
        bytes: new TextEncoder().encode(html),
      };
    }
    return { fileName: zipName, contentType: 'application/zip', bytes: await zipExport(html, media) };
  };
}

export type ConversationExporter = ReturnType<typeof createConversationExporter>;
