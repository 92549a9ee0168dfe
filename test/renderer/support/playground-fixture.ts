import { conversationSelectors } from '../../../src/renderer/features/conversations/selectors';
import {
  type ConversationStore,
  createConversationStore,
} from '../../../src/renderer/features/conversations/store';
import { feedFromRuntimeEvents } from './conversation-stores';
import { agentConfig, FakeRuntime, runtimeState } from './fake-runtime';

/** The agent whose Playground the store shows. */
export const AGENT = 'Juniper';

/** A runtime with one agent, a Playground store fed by the runtime's events, and a direct chat with Ada. */
export function setUp(options: { now?: () => number } = {}) {
  const runtime = new FakeRuntime();
  runtime.agents = [{ config: agentConfig({ configName: AGENT }), runtime: runtimeState(AGENT) }];
  const store = createConversationStore(runtime.client, {
    network: 'simulator',
    listRefreshMs: 0,
    ...options,
  });
  const stop = feedFromRuntimeEvents(runtime.client, {
    conversations: {
      simulator: store,
      telegram: createConversationStore(runtime.client, { network: 'telegram' }),
    },
  });
  return { runtime, store, stop };
}

export function view(store: ConversationStore, channelId: number) {
  return conversationSelectors.chat({ agent: AGENT, channelId })(store.getState())!;
}

export function texts(store: ConversationStore, channelId: number): string[] {
  const { window } = view(store, channelId).timeline;
  return window.ids.map((id) =>
    window.byId[id]!.parts.map((part) => (part.kind === 'text' ? part.text : `[${part.kind}]`)).join(''),
  );
}

/** Waits until the store satisfies `check`, with real timers. */
export async function until(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('The store never got there.');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
