import type { ApiClient } from '../../shared/api';
import type { Logger } from '../logging';
import type { AgentBoard, AttentionSignal } from './agent-board';

export interface AgentWatchOptions {
  api: ApiClient;
  board: AgentBoard;
  now: () => number;
  /** The board changed: the tray redraws. */
  onChange(): void;
  /** Something newly needs the operator. */
  onSignals(signals: AttentionSignal[]): void;
  logger: Logger;
}

export interface AgentWatch {
  /** Settles once the first full read of the agents is on the board (or failed, logged). */
  readonly ready: Promise<void>;
  stop(): void;
}

/** setTimeout's longest delay; a later deadline is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Keeps the board in step with the runtime: one full read at the start and after each config
 * reload, then the runtime's events (accounts, co-pilot state, plans). A deadline that passes by
 * itself (a send stop, a spending day) redraws at that moment: nothing polls.
 */
export function watchAgents({ api, board, now, onChange, onSignals, logger }: AgentWatchOptions): AgentWatch {
  let stopped = false;
  let deadlineTimer: NodeJS.Timeout | null = null;

  const changed = (signals: AttentionSignal[] = []): void => {
    if (stopped) return;
    if (signals.length > 0) onSignals(signals);
    onChange();
    scheduleDeadline();
  };

  const readSteering = async (agent: string): Promise<AttentionSignal[]> => {
    try {
      return board.updateSteering(await api.call('copilot.agentSettings', { agent }));
    } catch (err) {
      logger.debug({ err, agent }, 'could not read the co-pilot state of an agent');
      return [];
    }
  };

  const readAgent = async (agent: string): Promise<AttentionSignal[]> => {
    const [signals] = await Promise.all([
      readSteering(agent),
      api.call('plan.agentOverview', { agent }).then(
        ({ plans }) => board.seedDrafts(agent, plans),
        (err: unknown) => logger.debug({ err, agent }, 'could not read the plans of an agent'),
      ),
    ]);
    return signals;
  };

  const readAll = async (): Promise<void> => {
    try {
      const [{ agents }, { accounts }] = await Promise.all([
        api.call('agents.list', {}),
        api.call('telegram.accounts', {}),
      ]);
      board.setAgents(agents);
      const signals = accounts.flatMap((account) => board.updateAccount(account, now()));
      const perAgent = await Promise.all(agents.map(({ config }) => readAgent(config.configName)));
      changed([...signals, ...perAgent.flat()]);
    } catch (err) {
      logger.warn({ err }, 'the tray could not read the agents');
    }
  };

  function scheduleDeadline(): void {
    if (deadlineTimer) clearTimeout(deadlineTimer);
    deadlineTimer = null;
    const at = board.nextDeadline(now());
    if (at === null || stopped) return;
    deadlineTimer = setTimeout(
      () => {
        // A spending day that turned may have lifted a reached limit: read those agents again.
        const turned = board
          .agents()
          .filter((agent) => agent.steering?.limitReached && Date.parse(agent.steering.resetsAt) <= now());
        void Promise.all(turned.map((agent) => readSteering(agent.configName))).then((signals) =>
          changed(signals.flat()),
        );
      },
      Math.min(MAX_TIMER_MS, Math.max(0, at - now()) + 1000),
    );
  }

  let reading = Promise.resolve();
  const reread = (): Promise<void> => {
    reading = reading.then(readAll);
    return reading;
  };

  const unsubscribe = [
    api.on('telegram.accountChanged', (view) => changed(board.updateAccount(view, now()))),
    api.on('copilot.agentChanged', ({ agent }) => {
      void readSteering(agent).then(changed);
    }),
    api.on('conversation.graphChanged', ({ agent, network, channelId, graph }) =>
      changed(board.updateGraph(agent, network, channelId, graph)),
    ),
    api.on('config.reloaded', () => void reread()),
  ];

  return {
    ready: reread(),
    stop() {
      stopped = true;
      if (deadlineTimer) clearTimeout(deadlineTimer);
      for (const off of unsubscribe) off();
    },
  };
}
