import type { Network } from '../../shared/api';
import type { EventHub } from '../api/event-hub';
import { LEDGER_ACTION_KIND, type TaskLogRepository } from '../store';

/**
 * Announces each cost-ledger row as `usage.recorded`, whichever work wrote it (a turn, memory
 * work, a media description), so open cost views follow new calls. Returns the unsubscribe.
 */
export function announceLedgerRows(taskLog: TaskLogRepository, events: EventHub): () => void {
  return taskLog.onAppend((entry) => {
    if (entry.actionKind !== LEDGER_ACTION_KIND) return;
    const network = entry.details.network;
    events.emit('usage.recorded', {
      agent: entry.agentConfigName,
      network: network === 'simulator' || network === 'telegram' ? (network as Network) : null,
      channelId: entry.channelId,
      at: entry.timestamp,
    });
  });
}
