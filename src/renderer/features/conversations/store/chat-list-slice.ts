import type { ConversationSummary } from '../../../../shared/api/conversation-contract';
import { ApiError, type ApiErrorCode } from '../../../../shared/api/errors';
import { errorMessage } from '../../../api/errors';
import { chatRows, upsertChatRow } from '../model';
import { onlySimulator, type SliceContext } from './slice-context';
import type { ChatList, ChatListActions } from './types';

function apiErrorCode(error: unknown): ApiErrorCode | null {
  return error instanceof ApiError ? error.code : null;
}

export function idleChatList(agent: string | null): ChatList {
  return {
    agent,
    status: 'idle',
    error: null,
    errorCode: null,
    refreshing: false,
    order: [],
    byId: {},
  };
}

export type ChatListSlice = {
  actions: ChatListActions;
  /**
   * Refetches the list, debounced: only for what no event can tell, such as a chat the list has
   * never seen. Everything else updates the one row it concerns.
   */
  scheduleRefresh(agent: string): void;
};

export function createChatListSlice(ctx: SliceContext, listRefreshMs: number): ChatListSlice {
  const { api, network, set, get } = ctx;
  let listRequest = 0;
  let refreshTimer: ReturnType<typeof setTimeout> | null = null;

  const actions: ChatListActions = {
    selectAgent(agent) {
      if (get().agent === agent && get().chatList.status !== 'idle') return;
      listRequest += 1;
      set({ agent, chatList: idleChatList(agent) });
      if (agent !== null) void get().actions.loadChats();
    },

    async loadChats() {
      const agent = get().agent;
      if (agent === null) return;
      const request = ++listRequest;
      set((s) => ({
        chatList:
          s.chatList.status === 'ready'
            ? { ...s.chatList, refreshing: true }
            : { ...s.chatList, status: 'loading', error: null, errorCode: null },
      }));
      try {
        const { conversations } = await api.call('conversations.list', { agent, network });
        if (request !== listRequest) return;
        set({
          chatList: {
            agent,
            status: 'ready',
            error: null,
            errorCode: null,
            refreshing: false,
            // The runtime answers for the asked network; a stray entry would open on the wrong page.
            ...chatRows(conversations.filter((chat) => chat.network === network)),
          },
        });
      } catch (error) {
        if (request !== listRequest) return;
        set((s) => ({
          chatList: {
            ...s.chatList,
            status: s.chatList.status === 'ready' || s.chatList.refreshing ? 'ready' : 'error',
            error: errorMessage(error),
            errorCode: apiErrorCode(error),
            refreshing: false,
          },
        }));
      }
    },

    async createChat(input) {
      onlySimulator(network, 'be created');
      const agent = get().agent;
      if (agent === null) throw new Error('Pick an agent first.');
      const detail = await api.call('simulator.createChat', { ...input, agent });
      const ref = { agent, channelId: detail.chat.channelId };
      const summary: ConversationSummary = {
        agent,
        network: 'simulator',
        channelId: detail.chat.channelId,
        kind: detail.chat.kind,
        title: detail.chat.title,
        lastMessage: null,
        unreadCount: 0,
        pendingTasks: 0,
      };
      set((s) =>
        s.chatList.agent === agent && !(ref.channelId in s.chatList.byId)
          ? { chatList: { ...s.chatList, ...upsertChatRow(s.chatList, summary) } }
          : {},
      );
      ctx.patchChat(ref, (view) => ({
        detail: { status: 'ready', value: detail, error: null },
        composer: { ...view.composer, personId: view.composer.personId ?? detail.people[0]?.id ?? null },
      }));
      return detail;
    },
  };

  return {
    actions,
    scheduleRefresh(agent) {
      if (get().chatList.agent !== agent || get().chatList.status === 'idle') return;
      if (refreshTimer !== null) clearTimeout(refreshTimer);
      refreshTimer = setTimeout(() => {
        refreshTimer = null;
        void get().actions.loadChats();
      }, listRefreshMs);
    },
  };
}
