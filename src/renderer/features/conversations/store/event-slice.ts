import type { TaskGraphView } from '../../../../shared/domain/tasks';
import { chatKey, mergeMessages, removeMessages, summaryWithMessage, unfinishedTaskCount } from '../model';
import type { AgentPlansSlice } from './agent-plans-slice';
import type { ChatListSlice } from './chat-list-slice';
import type { InspectorSlice } from './inspector-slice';
import { nextGraphParts } from './plan-slice';
import { matchesPending } from './send-slice';
import type { SliceContext } from './slice-context';
import type { EventActions } from './types';

/**
 * The runtime's live events, each applied to the state it changes: one chat view part and one
 * chat list row. The list is fetched again only for a chat it has never seen.
 */
export function createEventSlice(
  ctx: SliceContext,
  list: Pick<ChatListSlice, 'scheduleRefresh'>,
  inspector: Pick<InspectorSlice, 'markLive'>,
  plans: Pick<AgentPlansSlice, 'applyGraph'>,
): EventActions {
  const { get, patchChat } = ctx;
  // Per chat, the status last seen of each `received` task: one finishing is the agent reading.
  const receivedStatuses = new Map<string, Map<string, string>>();

  /** Whether a `received` task seen running before has now finished: the agent read the chat. */
  const agentRead = (key: string, graph: TaskGraphView | null): boolean => {
    const before = receivedStatuses.get(key) ?? new Map<string, string>();
    const after = new Map<string, string>();
    let read = false;
    for (const node of graph?.nodes ?? []) {
      if (node.kind !== 'received') continue;
      after.set(node.id, node.status);
      const previous = before.get(node.id);
      if (node.status === 'done' && previous !== undefined && previous !== 'done') read = true;
    }
    receivedStatuses.set(key, after);
    return read;
  };

  const isListed = (agent: string, channelId: number) => {
    const { chatList } = get();
    return chatList.agent === agent && channelId in chatList.byId;
  };

  return {
    applyMessage(agent, message) {
      const ref = { agent, channelId: message.channelId };
      if (get().chats[chatKey(ref)]) {
        patchChat(ref, (current) => {
          // The runtime's copy of a message the operator just sent may arrive before the answer
          // to the send: it replaces the optimistic one.
          const index = current.pending.findIndex((item) => matchesPending(item, message));
          return {
            ...(index < 0 ? {} : { pending: current.pending.filter((_, i) => i !== index) }),
            timeline: { ...current.timeline, window: mergeMessages(current.timeline.window, [message]) },
          };
        });
      }
      if (isListed(agent, message.channelId))
        ctx.patchSummary(ref, (summary) => summaryWithMessage(summary, message));
      else list.scheduleRefresh(agent);
    },

    applyMessageEdited(agent, message) {
      const ref = { agent, channelId: message.channelId };
      const key = chatKey(ref);
      // Only a loaded message is replaced: one beyond the oldest loaded would leave a gap above it.
      if (get().chats[key]?.timeline.window.byId[message.messageId]) {
        patchChat(ref, (view) => ({
          timeline: { ...view.timeline, window: mergeMessages(view.timeline.window, [message]) },
        }));
      } else {
        // The page fetched ahead may hold the message as it was.
        ctx.pagesAhead.delete(key);
      }
      ctx.patchSummary(ref, (summary) =>
        summary.lastMessage?.messageId === message.messageId ? { ...summary, lastMessage: message } : summary,
      );
    },

    applyMessagesDeleted(ref, messageIds) {
      const key = chatKey(ref);
      ctx.markDeleted(key, messageIds);
      if (get().chats[key]) {
        patchChat(ref, (view) => ({
          timeline: { ...view.timeline, window: removeMessages(view.timeline.window, messageIds) },
          composer:
            view.composer.replyToId !== null && messageIds.includes(view.composer.replyToId)
              ? { ...view.composer, replyToId: null }
              : view.composer,
        }));
      }
      const last = isListed(ref.agent, ref.channelId)
        ? get().chatList.byId[ref.channelId]!.lastMessage
        : null;
      if (last === null || !messageIds.includes(last.messageId)) return;
      // The preview's message is gone: the newest one loaded takes its place, else the list knows.
      const window = get().chats[key]?.timeline.window;
      const newest = window?.ids.at(-1);
      if (window && newest !== undefined) {
        ctx.patchSummary(ref, (summary) => ({ ...summary, lastMessage: window.byId[newest]! }));
      } else list.scheduleRefresh(ref.agent);
    },

    applyGraph(ref, graph) {
      const key = chatKey(ref);
      inspector.markLive(ref, 'graph');
      plans.applyGraph(ref, graph);
      if (get().chats[key]) {
        patchChat(ref, (view) => ({
          ...nextGraphParts(view, graph),
          graph: { status: 'ready', value: graph, error: null },
        }));
      }
      const pendingTasks = unfinishedTaskCount(graph);
      const read = agentRead(key, graph);
      ctx.patchSummary(ref, (summary) =>
        summary.pendingTasks === pendingTasks && (!read || summary.unreadCount === 0)
          ? summary
          : { ...summary, pendingTasks, unreadCount: read ? 0 : summary.unreadCount },
      );
    },

    applyActivity(ref, activity) {
      // Chats not seen yet read their presence from their graph when they are opened.
      const view = get().chats[chatKey(ref)];
      if (!view) return;
      if (view.activity?.typing === activity.typing && view.activity.online === activity.online) return;
      patchChat(ref, () => ({ activity: { typing: activity.typing, online: activity.online } }));
    },

    applyTurnState(ref, state) {
      // A chat opened later hears of the next change; a turn lasts seconds.
      if (!get().chats[chatKey(ref)]) return;
      patchChat(ref, () => ({ turn: state.phase === 'idle' ? null : state }));
    },

    applyExchange(ref, exchange) {
      const key = chatKey(ref);
      inspector.markLive(ref, 'exchange');
      if (get().chats[key])
        patchChat(ref, () => ({ exchange: { status: 'ready', value: exchange, error: null } }));
    },

    resync() {
      if (get().chatList.status !== 'idle') void get().actions.loadChats();
      for (const agent of Object.keys(get().agentPlans)) void get().actions.loadAgentPlans(agent);
      const openKey = get().openKey;
      const open = openKey ? get().chats[openKey] : undefined;
      if (open) get().actions.openChat(open.ref);
    },

    applyChatsChanged(agent) {
      list.scheduleRefresh(agent);
    },

    resyncAgent(agent) {
      if (get().agent === agent) get().actions.resync();
    },
  };
}
