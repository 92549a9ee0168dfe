import type { AgentOnBoard } from './agent-board';

/** How an agent stands, at a glance: what the tray's lines and summary count. */
export type AgentStatus = 'attention' | 'running' | 'paused' | 'signed-out';

export interface AgentGlance {
  configName: string;
  name: string;
  status: AgentStatus;
  /** What the operator reads after the name: "Running", "2 drafts wait for approval", … */
  detail: string;
}

/** "14:05": a deadline in the operator's local time. */
export type FormatTime = (iso: string) => string;

export const localTime: FormatTime = (iso) =>
  new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

function after(iso: string | null, now: number): iso is string {
  return iso !== null && Date.parse(iso) > now;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** What needs the operator about the agent, most pressing first; empty when nothing does. */
function attentionReasons(agent: AgentOnBoard, now: number, formatTime: FormatTime): string[] {
  const { account, steering } = agent;
  const reasons: string[] = [];
  if (account?.connection === 'error') reasons.push(account.problem ?? 'Stopped by an error');
  const sendsStoppedUntil = account?.sendsStoppedUntil ?? null;
  if (after(sendsStoppedUntil, now))
    reasons.push(`Telegram stopped its sends until ${formatTime(sendsStoppedUntil)}`);
  if (steering?.limitReached)
    reasons.push(`Daily spending limit reached until ${formatTime(steering.resetsAt)}`);
  if (agent.drafts > 0) {
    reasons.push(`${plural(agent.drafts, 'draft waits', 'drafts wait')} for approval`);
  }
  return reasons;
}

export function agentGlance(
  agent: AgentOnBoard,
  pausedFromTray: boolean,
  now: number,
  formatTime: FormatTime = localTime,
): AgentGlance {
  const base = { configName: agent.configName, name: agent.name };
  const reasons = attentionReasons(agent, now, formatTime);
  if (reasons.length > 0) return { ...base, status: 'attention', detail: reasons.join(' · ') };
  const account = agent.account;
  switch (account?.connection) {
    case 'connected':
      return {
        ...base,
        status: 'running',
        detail: after(account.coolDownUntil, now)
          ? `Running, waiting out a flood wait until ${formatTime(account.coolDownUntil)}`
          : 'Running',
      };
    case 'connecting':
      return { ...base, status: 'running', detail: 'Connecting…' };
    case 'reconnecting':
      return { ...base, status: 'running', detail: 'Reconnecting…' };
    case 'disabled':
      return {
        ...base,
        status: 'paused',
        detail: agent.fileDisabled
          ? 'Off: its file says Disabled'
          : pausedFromTray
            ? 'Paused from the tray'
            : 'Switched off',
      };
    default:
      return { ...base, status: 'signed-out', detail: 'Signed out of Telegram' };
  }
}

const SUMMARY_ORDER: readonly [AgentStatus, string, string][] = [
  ['attention', 'needs attention', 'need attention'],
  ['running', 'running', 'running'],
  ['paused', 'paused', 'paused'],
  ['signed-out', 'signed out', 'signed out'],
];

/** "1 needs attention, 2 running, 3 signed out", or "No agents". */
export function statusSummary(glances: readonly AgentGlance[]): string {
  const parts = SUMMARY_ORDER.flatMap(([status, one, many]) => {
    const count = glances.filter((glance) => glance.status === status).length;
    return count === 0 ? [] : [`${count} ${count === 1 ? one : many}`];
  });
  return parts.length > 0 ? parts.join(', ') : 'No agents';
}

/** Agent lines the tray menu shows before "…and N more"; a long menu is no glance. */
export const MAX_TRAY_AGENT_LINES = 12;

export interface TrayModel {
  /** The icon's tooltip: "Troupe: 2 running, 1 paused". */
  tooltip: string;
  summary: string;
  /** Some agent needs the operator: the icon shows it. */
  attention: boolean;
  /** The agents shown, those needing attention first. */
  agents: AgentGlance[];
  /** Agents left out of the menu for its length. */
  moreAgents: number;
  /** Some agent is switched on: Pause all has something to pause. */
  canPauseAll: boolean;
  /** Some agent Pause all switched off is still off. */
  canResumeAll: boolean;
}

export function trayModel(
  agents: readonly AgentOnBoard[],
  pausedFromTray: ReadonlySet<string>,
  now: number,
  formatTime: FormatTime = localTime,
): TrayModel {
  const glances = agents.map((agent) =>
    agentGlance(agent, pausedFromTray.has(agent.configName), now, formatTime),
  );
  const summary = statusSummary(glances);
  const ordered = [
    ...glances.filter((glance) => glance.status === 'attention'),
    ...glances.filter((glance) => glance.status !== 'attention'),
  ];
  return {
    tooltip: `Troupe: ${summary}`,
    summary,
    attention: ordered[0]?.status === 'attention',
    agents: ordered.slice(0, MAX_TRAY_AGENT_LINES),
    moreAgents: Math.max(0, ordered.length - MAX_TRAY_AGENT_LINES),
    canPauseAll: agents.some((agent) => !agent.fileDisabled && agent.account?.enabled === true),
    canResumeAll: agents.some(
      (agent) => pausedFromTray.has(agent.configName) && agent.account !== null && !agent.account.enabled,
    ),
  };
}
