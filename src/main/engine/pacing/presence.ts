import type { Clock } from '../../clock';
import { dependencyState } from '../graph/graph-rules';
import type { TaskGraph } from '../graph/task-graph';
import { isOnlineWait, isTypingWait } from '../graph/wait-params';

/** Telegram drops "typing…" about 6 s after the last action; refreshing every 4 s keeps it steady. */
export const TYPING_REFRESH_MS = 4_000;
/** How often the agent re-announces itself online while its presence window lasts. */
export const ONLINE_REFRESH_MS = 60_000;

/** What the agent shows in a conversation. */
export type Presence = 'typing' | 'online' | 'away';

/**
 * Typing while a typing wait is pending and unblocked (its deadline is set); otherwise online
 * while the presence window is pending; otherwise nothing.
 */
export function presenceOf(graph: TaskGraph | null): Presence {
  if (!graph) return 'away';
  const typing = graph.nodes.some(
    (node) =>
      isTypingWait(node) &&
      node.status === 'pending' &&
      node.waitUntil !== null &&
      dependencyState(graph, node) === 'satisfied',
  );
  if (typing) return 'typing';
  return graph.nodes.some((node) => isOnlineWait(node) && node.status === 'pending') ? 'online' : 'away';
}

/**
 * Shows one conversation what the agent is doing: "typing" sent at once and every
 * TYPING_REFRESH_MS while typing; a cancel (which keeps the account online without typing) when
 * typing stops or the agent comes online, then every ONLINE_REFRESH_MS. Errors are the network's
 * business (a chat the agent was banned from) and never stop the engine.
 */
export class PresenceKeeper {
  readonly #clock: Clock;
  readonly #setTyping: (action: 'typing' | 'cancel') => Promise<void>;
  readonly #onError: (error: unknown) => void;
  #shown: Presence = 'away';
  #cancelTimer: (() => void) | null = null;

  constructor(
    clock: Clock,
    setTyping: (action: 'typing' | 'cancel') => Promise<void>,
    onError: (error: unknown) => void,
  ) {
    this.#clock = clock;
    this.#setTyping = setTyping;
    this.#onError = onError;
  }

  get shown(): Presence {
    return this.#shown;
  }

  show(presence: Presence): void {
    if (presence === this.#shown) return;
    this.#shown = presence;
    this.#stopRefreshing();
    switch (presence) {
      case 'typing':
        this.#announce('typing', TYPING_REFRESH_MS);
        return;
      case 'online':
        this.#announce('cancel', ONLINE_REFRESH_MS);
        return;
      case 'away':
        return;
      default: {
        const unknown: never = presence;
        throw new Error(`Unknown presence ${String(unknown)}`);
      }
    }
  }

  close(): void {
    this.#stopRefreshing();
    this.#shown = 'away';
  }

  #announce(action: 'typing' | 'cancel', everyMs: number): void {
    this.#setTyping(action).catch(this.#onError);
    this.#cancelTimer = this.#clock.setTimer(everyMs, () => this.#announce(action, everyMs));
  }

  #stopRefreshing(): void {
    this.#cancelTimer?.();
    this.#cancelTimer = null;
  }
}
