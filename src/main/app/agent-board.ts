import type { AgentSummary, Network } from '../../shared/api';
import type { AgentSteeringView } from '../../shared/api/copilot-contract';
import type { AgentPlan } from '../../shared/api/plan-contract';
import type { DesktopNotificationKind } from '../../shared/domain/desktop-settings';
import type { TaskGraphView } from '../../shared/domain/tasks';
import type { TelegramAccountView } from '../../shared/domain/telegram';

/** A flood wait at least this long is worth telling the operator about; shorter ones pass unnoticed. */
export const LONG_FLOOD_WAIT_MS = 5 * 60_000;

interface SignalBase<K extends DesktopNotificationKind> {
  kind: K;
  /** The agent's config name. */
  agent: string;
  /** The agent's display name. */
  agentName: string;
}

/** Something changed that needs the operator; the notification planner decides what is shown. */
export type AttentionSignal =
  | SignalBase<'signIn'>
  | (SignalBase<'sendsStopped'> & { cause: 'limited' | 'floodWait'; until: string })
  | (SignalBase<'agentError'> & { problem: string })
  | (SignalBase<'draftWaiting'> & { network: Network; channelId: number; count: number })
  | (SignalBase<'spendingLimit'> & { limitUsd: number | null; resetsAt: string });

/** One agent as the board knows it. */
export interface AgentOnBoard {
  configName: string;
  name: string;
  /** The agent file says Disabled. */
  fileDisabled: boolean;
  account: TelegramAccountView | null;
  steering: AgentSteeringView | null;
  /** Drafts waiting for approval, across the agent's conversations. */
  drafts: number;
}

interface DraftsInChat {
  agent: string;
  network: Network;
  channelId: number;
  ids: ReadonlySet<string>;
}

const SIGNED_IN = new Set<TelegramAccountView['connection']>(['connected', 'connecting', 'reconnecting']);

function chatKey(agent: string, network: Network, channelId: number): string {
  return `${agent}\n${network}\n${channelId}`;
}

/** The drafts of a plan that wait for the operator (the engine's own test: pending and awaiting). */
function awaitingDraftIds(graph: TaskGraphView | null): Set<string> {
  const ids = new Set<string>();
  for (const node of graph?.nodes ?? []) {
    if (node.status === 'pending' && node.params.draft === 'awaiting') ids.add(node.id);
  }
  return ids;
}

function laterThan(iso: string | null, now: number, byMs = 0): boolean {
  if (iso === null) return false;
  const at = Date.parse(iso);
  return !Number.isNaN(at) && at - now >= byMs;
}

/**
 * What the desktop shell knows of every agent: its account, co-pilot state and waiting drafts,
 * kept from the runtime's answers and events. Each update says what newly needs the operator;
 * a first sight of an agent only records it (startup is no news).
 */
export class AgentBoard {
  readonly #agents = new Map<string, { name: string; fileDisabled: boolean }>();
  readonly #accounts = new Map<string, TelegramAccountView>();
  readonly #steering = new Map<string, AgentSteeringView>();
  readonly #drafts = new Map<string, DraftsInChat>();
  /** Agents the operator signed out from the console: their sign-out is no news. */
  readonly #expectedSignOuts = new Set<string>();

  /** The agents configured now, in the console's order; whatever belonged to others is dropped. */
  setAgents(summaries: readonly Pick<AgentSummary, 'config'>[]): void {
    this.#agents.clear();
    for (const { config } of summaries) {
      this.#agents.set(config.configName, { name: config.name, fileDisabled: config.disabled });
    }
    for (const map of [this.#accounts, this.#steering]) {
      for (const configName of map.keys()) if (!this.#agents.has(configName)) map.delete(configName);
    }
    for (const [key, chat] of this.#drafts) if (!this.#agents.has(chat.agent)) this.#drafts.delete(key);
  }

  has(configName: string): boolean {
    return this.#agents.has(configName);
  }

  /** The operator asked to sign the agent out: the sign-out that follows is no news. */
  expectSignOut(configName: string): void {
    this.#expectedSignOuts.add(configName);
  }

  /** The sign-out the operator asked for did not happen. */
  cancelSignOut(configName: string): void {
    this.#expectedSignOuts.delete(configName);
  }

  updateAccount(next: TelegramAccountView, now: number): AttentionSignal[] {
    const previous = this.#accounts.get(next.configName);
    this.#accounts.set(next.configName, next);
    const expected = next.connection === 'logged-out' && this.#expectedSignOuts.delete(next.configName);
    if (previous === undefined || expected) return [];
    const base = this.#base(next.configName);
    const signals: AttentionSignal[] = [];
    if (SIGNED_IN.has(previous.connection) && next.connection === 'logged-out') {
      signals.push({ kind: 'signIn', ...base });
    }
    if (
      next.connection === 'error' &&
      (previous.connection !== 'error' || previous.problem !== next.problem)
    ) {
      signals.push({ kind: 'agentError', ...base, problem: next.problem ?? 'It stopped on an error.' });
    }
    if (
      next.sendsStoppedUntil !== null &&
      next.sendsStoppedUntil !== previous.sendsStoppedUntil &&
      laterThan(next.sendsStoppedUntil, now)
    ) {
      signals.push({ kind: 'sendsStopped', ...base, cause: 'limited', until: next.sendsStoppedUntil });
    } else if (
      next.coolDownUntil !== null &&
      next.coolDownUntil !== previous.coolDownUntil &&
      laterThan(next.coolDownUntil, now, LONG_FLOOD_WAIT_MS)
    ) {
      signals.push({ kind: 'sendsStopped', ...base, cause: 'floodWait', until: next.coolDownUntil });
    }
    return signals;
  }

  updateSteering(next: AgentSteeringView): AttentionSignal[] {
    const previous = this.#steering.get(next.agent);
    this.#steering.set(next.agent, next);
    if (previous === undefined || previous.limitReached || !next.limitReached) return [];
    return [
      {
        kind: 'spendingLimit',
        ...this.#base(next.agent),
        limitUsd: next.dailyLimitUsd,
        resetsAt: next.resetsAt,
      },
    ];
  }

  /** The agent's plans as the runtime has them now: their drafts are known, not news. */
  seedDrafts(agent: string, plans: readonly Pick<AgentPlan, 'network' | 'channelId' | 'graph'>[]): void {
    for (const [key, chat] of this.#drafts) if (chat.agent === agent) this.#drafts.delete(key);
    for (const plan of plans)
      this.#setDrafts(agent, plan.network, plan.channelId, awaitingDraftIds(plan.graph));
  }

  /** A conversation's plan changed: drafts it did not have before are news. */
  updateGraph(
    agent: string,
    network: Network,
    channelId: number,
    graph: TaskGraphView | null,
  ): AttentionSignal[] {
    const before = this.#drafts.get(chatKey(agent, network, channelId))?.ids ?? new Set<string>();
    const now = awaitingDraftIds(graph);
    this.#setDrafts(agent, network, channelId, now);
    const count = [...now].filter((id) => !before.has(id)).length;
    if (count === 0 || !this.#agents.has(agent)) return [];
    return [{ kind: 'draftWaiting', ...this.#base(agent), network, channelId, count }];
  }

  /** Every configured agent with what is known of it, in order. */
  agents(): AgentOnBoard[] {
    const drafts = new Map<string, number>();
    for (const chat of this.#drafts.values())
      drafts.set(chat.agent, (drafts.get(chat.agent) ?? 0) + chat.ids.size);
    return [...this.#agents].map(([configName, agent]) => ({
      configName,
      name: agent.name,
      fileDisabled: agent.fileDisabled,
      account: this.#accounts.get(configName) ?? null,
      steering: this.#steering.get(configName) ?? null,
      drafts: drafts.get(configName) ?? 0,
    }));
  }

  /**
   * The next moment an agent's state changes by itself (a send stop or flood wait ends, a spending
   * day turns), in ms; null when nothing is pending. The tray redraws then instead of polling.
   */
  nextDeadline(now: number): number | null {
    const moments = [
      ...[...this.#accounts.values()].flatMap((account) => [
        account.sendsStoppedUntil,
        account.coolDownUntil,
      ]),
      ...[...this.#steering.values()].map((steering) => (steering.limitReached ? steering.resetsAt : null)),
    ]
      .map((iso) => (iso === null ? Number.NaN : Date.parse(iso)))
      .filter((at) => at > now);
    return moments.length > 0 ? Math.min(...moments) : null;
  }

  #setDrafts(agent: string, network: Network, channelId: number, ids: ReadonlySet<string>): void {
    const key = chatKey(agent, network, channelId);
    if (ids.size === 0) this.#drafts.delete(key);
    else this.#drafts.set(key, { agent, network, channelId, ids });
  }

  #base(configName: string): { agent: string; agentName: string } {
    return { agent: configName, agentName: this.#agents.get(configName)?.name ?? configName };
  }
}
