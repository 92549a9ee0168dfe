import type { ChatMsg } from '../../../src/shared/domain/conversation';
import type { TaskNodeView } from '../../../src/shared/domain/tasks';
import type { FakeChats, FakeChatsRuntime, SimChat } from './fake-chats';

/**
 * Plans the agent's answer to `trigger` as the engine would, announcing each step: the message is
 * received, then (after `agentReplyDelayMs`) the agent types, then (after as long again) it sends
 * and the model exchange is kept. A newer message replaces the pending turn.
 */
export function planAgentTurn(runtime: FakeChatsRuntime, chats: FakeChats, chat: SimChat, trigger: ChatMsg) {
  const { agent, network } = chat;
  const channelId = chat.info.channelId;
  const at = chats.tick();
  const node = (id: string, kind: string, params: Record<string, unknown>, dependsOn: string[]) =>
    ({
      id,
      kind,
      status: 'pending',
      params,
      dependsOn,
      retries: 0,
      waitUntil: null,
      lastError: null,
      createdAt: at,
      updatedAt: at,
    }) satisfies TaskNodeView;
  const setGraph = (nodes: TaskNodeView[] | null) => {
    chat.graph = nodes
      ? { id: `graph-${channelId}-${trigger.messageId}`, agent, channelId, createdAt: at, nodes }
      : null;
    runtime.emit('conversation.graphChanged', { agent, network, channelId, graph: chat.graph });
  };
  const activity = (typing: boolean, online: boolean) =>
    runtime.emit('conversation.activity', { agent, network, channelId, typing, online });

  // A burst coalesces: the pending turn is replaced by one that answers the newest message.
  if (chat.turn !== null) clearTimeout(chat.turn);
  setGraph([node('received-1', 'received', { messageId: trigger.messageId }, [])]);
  const text = runtime.agentReply({ agent, channelId, message: trigger });
  chat.turn = setTimeout(() => {
    chat.unreadCount = 0;
    if (text === null) {
      chat.turn = null;
      setGraph(null);
      return;
    }
    const waitUntil = new Date(Date.now() + runtime.agentReplyDelayMs).toISOString();
    setGraph([
      { ...node('received-1', 'received', { messageId: trigger.messageId }, []), status: 'done' },
      {
        ...node('wait-1', 'wait', { delay: runtime.agentReplyDelayMs / 1000, typing: true }, ['received-1']),
        waitUntil,
      },
      node('send-1', 'send', { text }, ['wait-1']),
    ]);
    activity(true, true);
    chat.turn = setTimeout(() => {
      chat.turn = null;
      // The operator cancelled the reply meanwhile: nothing is said.
      if (chat.graph?.nodes.some((task) => task.id === 'send-1' && task.status === 'cancelled')) return;
      chats.agentSays(agent, channelId, text);
      activity(false, true);
      setGraph(
        [
          node('received-1', 'received', { messageId: trigger.messageId }, []),
          {
            ...node('wait-1', 'wait', { delay: runtime.agentReplyDelayMs / 1000, typing: true }, [
              'received-1',
            ]),
            waitUntil,
          },
          node('send-1', 'send', { text }, ['wait-1']),
        ].map((done) => ({ ...done, status: 'done' as const })),
      );
      chat.exchange = {
        at: chats.tick(),
        provider: 'gemini',
        model: 'gemini-2.5-flash',
        sections: [
          { id: 'instructions', title: 'Instructions', text: 'Reply with a JSON task list.', stable: true },
          { id: 'time', title: 'Current Time', text: at, stable: false },
        ],
        turns: [{ role: 'user', parts: [JSON.stringify(trigger.parts)] }],
        rawReply: JSON.stringify([{ kind: 'send', text }]),
        inputTokens: 1200,
        outputTokens: 40,
        cachedTokens: 800,
        costUsd: 0.00042,
        latencyMs: 850,
        error: null,
      };
      runtime.emit('conversation.exchange', { agent, network, channelId, exchange: chat.exchange });
    }, runtime.agentReplyDelayMs);
  }, runtime.agentReplyDelayMs);
}
