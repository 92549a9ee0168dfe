import type { Network } from '../../shared/api';
import type { EventHub } from '../api/event-hub';
import { taskLogNetwork, taskLogRowView } from '../api/handlers/task-log-rows';
import type { Store } from '../store';

/**
 * Announces each task-log row of a conversation as `conversation.taskLogged` as it is appended
 * (a task ran or failed, an LLM call was priced), so a timeline showing the task log follows it.
 * Task rows do not name their network; a chat the Simulator keeps is the Simulator's. Nothing is
 * built while no console listens. Returns the unsubscribe.
 */
export function announceTaskLogRows(
  store: Pick<Store, 'taskLog' | 'simulator'>,
  events: EventHub,
): () => void {
  const networkOfChat = (agent: string, channelId: number): Network =>
    store.simulator.chats.get({ agent, channelId }) ? 'simulator' : 'telegram';
  return store.taskLog.onAppend((entry) => {
    if (!events.isHeard('conversation.taskLogged')) return;
    const network = taskLogNetwork(entry, networkOfChat);
    if (network === null || entry.channelId === null) return;
    events.emit('conversation.taskLogged', {
      agent: entry.agentConfigName,
      network,
      channelId: entry.channelId,
      row: taskLogRowView(entry),
    });
  });
}
