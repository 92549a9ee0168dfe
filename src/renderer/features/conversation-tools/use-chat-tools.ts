import { useEffect, useMemo } from 'react';
import type { Network, TaskLogRowView } from '../../../shared/api';
import type { ChatMsg } from '../../../shared/domain/conversation';
import { toolsKey } from './model';
import { type ChatTools, useConversationToolsStore } from './store';

const NO_ROWS: readonly TaskLogRowView[] = [];

/**
 * A chat's tools for its timeline: the task-log rows to draw (none while hidden), loaded for the
 * span of the messages loaded and moved back as older pages load; and, while translating, the
 * loaded messages' translations asked for as they arrive.
 */
export function useChatTools(
  chat: { network: Network; agent: string; channelId: number },
  messages: readonly ChatMsg[],
): { tools: ChatTools | undefined; taskRows: readonly TaskLogRowView[] } {
  const { network, agent, channelId } = chat;
  const ref = useMemo(() => ({ network, agent, channelId }), [network, agent, channelId]);
  const tools = useConversationToolsStore((state) => state.chats[toolsKey(ref)]);
  const actions = useConversationToolsStore((state) => state.actions);
  const oldestSentAt = messages[0]?.sentAt ?? null;
  const showTaskLog = tools?.showTaskLog ?? false;
  const translate = tools?.translate ?? false;
  const language = tools?.translations.language;
  const translationFailed = tools?.translations.error != null;

  useEffect(() => {
    if (showTaskLog && oldestSentAt !== null) void actions.coverTaskLog(ref, oldestSentAt);
  }, [actions, ref, showTaskLog, oldestSentAt]);
  useEffect(() => {
    // A new language asks again, and so does a retry after a failure.
    if (translate && language && !translationFailed) void actions.translateMessages(ref, messages);
  }, [actions, ref, translate, language, translationFailed, messages]);

  return { tools, taskRows: showTaskLog ? (tools?.taskLog.rows ?? NO_ROWS) : NO_ROWS };
}
