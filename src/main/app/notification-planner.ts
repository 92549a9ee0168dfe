import {
  DESKTOP_NOTIFICATION_KINDS,
  type DesktopNotificationKind,
} from '../../shared/domain/desktop-settings';
import type { AttentionSignal } from './agent-board';
import { AGENTS_ROUTE, agentPlansRoute, agentRoute, chatRoute } from './console-routes';
import { type FormatTime, localTime } from './tray-model';

/** A native notification to show, and the console route its click opens. */
export interface PlannedNotification {
  kind: DesktopNotificationKind;
  title: string;
  body: string;
  route: string;
}

/** At most one notification per kind and agent in this long; the tray shows the rest meanwhile. */
export const NOTIFICATION_COOLDOWN_MS = 5 * 60_000;

type SignalOf<K extends DesktopNotificationKind> = Extract<AttentionSignal, { kind: K }>;

const names = (signals: readonly AttentionSignal[]): string =>
  new Intl.ListFormat('en', { type: 'conjunction' }).format([...new Set(signals.map((s) => s.agentName))]);

function agentCount(signals: readonly AttentionSignal[]): number {
  return new Set(signals.map((signal) => signal.agent)).size;
}

/** How one kind reads: for a single agent, and for several at once (one notification). */
interface KindWording<K extends DesktopNotificationKind> {
  one(signal: SignalOf<K>, formatTime: FormatTime): Omit<PlannedNotification, 'kind'>;
  several(signals: readonly SignalOf<K>[]): Omit<PlannedNotification, 'kind'>;
}

const WORDING: { [K in DesktopNotificationKind]: KindWording<K> } = {
  signIn: {
    one: (signal) => ({
      title: `${signal.agentName} needs a new Telegram sign-in`,
      body: 'Telegram ended its session, so it is offline. Sign it in again on its page.',
      route: agentRoute(signal.agent),
    }),
    several: (signals) => ({
      title: `${agentCount(signals)} agents need a new Telegram sign-in`,
      body: `Telegram ended the sessions of ${names(signals)}.`,
      route: AGENTS_ROUTE,
    }),
  },
  sendsStopped: {
    one: (signal, formatTime) =>
      signal.cause === 'limited'
        ? {
            title: `Telegram stopped ${signal.agentName}'s sends`,
            body: `The account is limited until ${formatTime(signal.until)}; its replies wait. Check it with @SpamBot before resuming sends.`,
            route: agentRoute(signal.agent),
          }
        : {
            title: `${signal.agentName} is waiting out a flood wait`,
            body: `Telegram asked it to wait until ${formatTime(signal.until)}; its messages go out after that.`,
            route: agentRoute(signal.agent),
          },
    several: (signals) => ({
      title: `Telegram is holding back the sends of ${agentCount(signals)} agents`,
      body: `${names(signals)} wait out a limit or a flood wait.`,
      route: AGENTS_ROUTE,
    }),
  },
  agentError: {
    one: (signal) => ({
      title: `${signal.agentName} stopped`,
      body: signal.problem,
      route: agentRoute(signal.agent),
    }),
    several: (signals) => ({
      title: `${agentCount(signals)} agents stopped on a problem`,
      body: signals.map((signal) => `${signal.agentName}: ${signal.problem}`).join('\n'),
      route: AGENTS_ROUTE,
    }),
  },
  draftWaiting: {
    one: (signal) => ({
      title:
        signal.count === 1
          ? `${signal.agentName} drafted a message for your approval`
          : `${signal.count} drafts from ${signal.agentName} wait for your approval`,
      body: 'Approve, edit or reject it in the conversation.',
      route: chatRoute(signal.network, signal.agent, signal.channelId),
    }),
    several: (signals) => {
      const total = signals.reduce((sum, signal) => sum + signal.count, 0);
      const perAgent = new Map<string, number>();
      for (const signal of signals)
        perAgent.set(signal.agentName, (perAgent.get(signal.agentName) ?? 0) + signal.count);
      const first = signals[0] as SignalOf<'draftWaiting'>;
      const oneNetwork = signals.every((signal) => signal.network === first.network);
      return {
        title: `${total} drafts wait for approval`,
        body: [...perAgent].map(([name, count]) => `${name} (${count})`).join(', '),
        route:
          agentCount(signals) === 1
            ? agentPlansRoute(first.agent, oneNetwork ? first.network : undefined)
            : AGENTS_ROUTE,
      };
    },
  },
  spendingLimit: {
    one: (signal, formatTime) => ({
      title: `${signal.agentName} reached its daily spending limit`,
      body: `${signal.limitUsd === null ? 'Its limit' : `$${signal.limitUsd.toFixed(2)}`} spent today: its turns wait until ${formatTime(signal.resetsAt)}, unless you lift the limit on its page.`,
      route: agentRoute(signal.agent),
    }),
    several: (signals) => ({
      title: `${agentCount(signals)} agents reached their daily spending limit`,
      body: `${names(signals)} wait for their next day.`,
      route: AGENTS_ROUTE,
    }),
  },
};

/**
 * Several signals of a kind make one notification. One agent's several signals read as its
 * latest, but for drafts, which add up.
 */
function word<K extends DesktopNotificationKind>(
  kind: K,
  signals: readonly SignalOf<K>[],
  formatTime: FormatTime,
): PlannedNotification {
  const wording = WORDING[kind] as KindWording<K>;
  const single = signals.length === 1 || (kind !== 'draftWaiting' && agentCount(signals) === 1);
  const latest = signals.at(-1);
  return { kind, ...(single && latest ? wording.one(latest, formatTime) : wording.several(signals)) };
}

/**
 * Decides which of the signals gathered in a moment become notifications: muted kinds are
 * dropped, an agent already notified of a kind within the cooldown is not notified again, and
 * what is left becomes at most one notification per kind.
 */
export class NotificationPlanner {
  readonly #lastShown = new Map<string, number>();
  readonly #cooldownMs: number;
  readonly #formatTime: FormatTime;

  constructor(options: { cooldownMs?: number; formatTime?: FormatTime } = {}) {
    this.#cooldownMs = options.cooldownMs ?? NOTIFICATION_COOLDOWN_MS;
    this.#formatTime = options.formatTime ?? localTime;
  }

  plan(
    signals: readonly AttentionSignal[],
    now: number,
    muted: readonly DesktopNotificationKind[],
  ): PlannedNotification[] {
    const due = signals.filter((signal) => {
      if (muted.includes(signal.kind)) return false;
      const last = this.#lastShown.get(this.#key(signal));
      return last === undefined || now - last >= this.#cooldownMs;
    });
    for (const signal of due) this.#lastShown.set(this.#key(signal), now);
    return DESKTOP_NOTIFICATION_KINDS.flatMap((kind) => {
      const ofKind = due.filter((signal) => signal.kind === kind);
      if (ofKind.length === 0) return [];
      return [word(kind, ofKind as SignalOf<typeof kind>[], this.#formatTime)];
    });
  }

  #key(signal: AttentionSignal): string {
    return `${signal.kind}\n${signal.agent}`;
  }
}
