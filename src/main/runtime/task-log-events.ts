import type { Network } from '../../shared/api';
import type { EventHub } from '../api/event-hub';
import { taskLogNetwork, taskLogRowView } from '../api/handlers/task-log-rows';
import type { Store } from '../store';

/** How many chats' networks are remembered before starting afresh. */
const REMEMBERED_CHATS = 10_000;

/**
 * Announces each task-log row of a conversation as `conversation.taskLogged` as it is appended
 * (a task ran or failed, an LLM call was priced), so a timeline showing the task log follows it.
 * Task rows do not name their network; a chat the Simulator keeps is the Simulator's, which is
 * looked up once per chat (a chat never changes network, and every reply appends several rows).
 * Returns the unsubscribe.
 */
export function announceTaskLogRows(
  store: Pick<Store, 'taskLog' | 'simulator'>,
  events: EventHub,
): () => void {
  const networks = new Map<string, Network>();
  const networkOfChat = (agent: string, channelId: number): Network => {
    const key = `${agent}\n${channelId}`;
    let network = networks.get(key);
    if (network === undefined) {
      network = store.simulator.chats.get({ agent, channelId }) ? 'simulator' : 'telegram';
      if (networks.size >= REMEMBERED_CHATS) networks.clear();
      networks.set(key, network);
    }
    return network;
  };
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
