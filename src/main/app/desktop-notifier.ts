import { Notification } from 'electron';
import type { DesktopNotificationKind } from '../../shared/domain/desktop-settings';
import type { Logger } from '../logging';
import type { AttentionSignal } from './agent-board';
import type { NotificationPlanner } from './notification-planner';

/** Signals arriving this close together (one turn's drafts, a reconnect storm) become one batch. */
export const NOTIFICATION_BATCH_MS = 1500;

/** Electron drops a notification's click handler once the object is garbage collected; we hold the latest. */
const KEPT_NOTIFICATIONS = 20;

export interface DesktopNotifierOptions {
  planner: NotificationPlanner;
  /** The kinds the operator switched off, read at the moment of showing. */
  muted: () => readonly DesktopNotificationKind[];
  /** Opens the console at a route: what clicking a notification does. */
  open: (route: string) => void;
  now: () => number;
  logger: Logger;
}

/** Native notifications: attention signals gathered for a moment, planned, shown, clickable. */
export class DesktopNotifier {
  readonly #options: DesktopNotifierOptions;
  readonly #live: Notification[] = [];
  #pending: AttentionSignal[] = [];
  #timer: NodeJS.Timeout | null = null;

  constructor(options: DesktopNotifierOptions) {
    this.#options = options;
  }

  add(signals: readonly AttentionSignal[]): void {
    if (signals.length === 0) return;
    this.#pending.push(...signals);
    this.#timer ??= setTimeout(() => this.flush(), NOTIFICATION_BATCH_MS);
  }

  flush(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const signals = this.#pending;
    this.#pending = [];
    const { planner, muted, open, now } = this.#options;
    for (const planned of planner.plan(signals, now(), muted())) {
      this.tell(planned.title, planned.body, () => open(planned.route));
    }
  }

  /** Shows one notification; false when the system has no notifications to show it with. */
  tell(title: string, body: string, onClick: () => void): boolean {
    if (!Notification.isSupported()) {
      this.#options.logger.info({ title }, 'notifications are not supported here; not shown');
      return false;
    }
    const notification = new Notification({ title, body });
    notification.on('click', onClick);
    this.#live.push(notification);
    if (this.#live.length > KEPT_NOTIFICATIONS) this.#live.shift();
    notification.show();
    return true;
  }

  stop(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#pending = [];
  }
}
