import { createStore } from 'zustand/vanilla';
import type { ApiClient } from '../../../../shared/api/client';
import { createAgentPlansSlice } from './agent-plans-slice';
import { createChatListSlice, idleChatList } from './chat-list-slice';
import { createComposerSlice } from './composer-slice';
import { createEventSlice } from './event-slice';
import { createHistorySlice } from './history-slice';
import { createInspectorSlice } from './inspector-slice';
import { createPlanSlice } from './plan-slice';
import { createSendSlice } from './send-slice';
import { createSliceContext } from './slice-context';
import { createTimelineSlice } from './timeline-slice';
import type { ConversationState, ConversationStore, ConversationStoreOptions } from './types';

/**
 * The store behind a conversation page, one per network: the Playground's (Simulator) and the
 * Conversations page's (Telegram) are two instances of this factory. Each slice owns one job;
 * they share the state and the bookkeeping in the slice context.
 */
export function createConversationStore(
  api: ApiClient,
  options: ConversationStoreOptions,
): ConversationStore {
  const { network } = options;
  return createStore<ConversationState>()((set, get) => {
    const ctx = createSliceContext(api, network, options.now ?? Date.now, set, get);
    const list = createChatListSlice(ctx, options.listRefreshMs ?? 500);
    const inspector = createInspectorSlice(ctx);
    const plans = createAgentPlansSlice(ctx, options.listRefreshMs ?? 500);
    const events = createEventSlice(ctx, list, inspector, plans);
    return {
      network,
      agent: null,
      chatList: idleChatList(null),
      chats: {},
      openKey: null,
      stickers: {},
      exchangeHistory: {},
      provenance: {},
      agentPlans: {},
      actions: {
        ...list.actions,
        ...createTimelineSlice(ctx),
        ...createSendSlice(ctx),
        ...createComposerSlice(ctx),
        ...inspector.actions,
        ...createPlanSlice(ctx, events.applyGraph),
        ...createHistorySlice(ctx),
        ...plans.actions,
        ...events,
      },
    };
  });
}
