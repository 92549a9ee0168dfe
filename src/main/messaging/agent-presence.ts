import type { Clock } from '../clock';

/** What one chat's people see of the agent. */
export interface AgentActivity {
  typing: boolean;
  online: boolean;
}

/** Telegram shows "typing…" for about this long after the last typing action. */
export const TYPING_EXPIRY_MS = 6_000;
/** An account counts as online for this long after it last did something. */
export const ONLINE_EXPIRY_MS = 5 * 60_000;

interface AgentPresenceState {
  cancelOfflineTimer: () => void;
  /** Chats that were told the agent is online during the current online spell. */
  onlineIn: Set<number>;
}

/**
 * The agent's typing state per chat and its online presence per account, both expiring on the
 * clock as Telegram's do. Reports to `onChange` each time what one chat sees of the agent
 * changes. The Simulator keeps it for its people; the Telegram port keeps it from what the
 * agent told Telegram, so the console shows the same either way.
 */
export class AgentPresence {
  readonly #clock: Clock;
  readonly #onChange: (agent: string, channelId: number, activity: AgentActivity) => void;
  readonly #agents = new Map<string, AgentPresenceState>();
  /** Typing expiry timers by agent and chat. */
  readonly #typing = new Map<string, Map<number, () => void>>();

  constructor(clock: Clock, onChange: (agent: string, channelId: number, activity: AgentActivity) => void) {
    this.#clock = clock;
    this.#onChange = onChange;
  }

  activity(agent: string, channelId: number): AgentActivity {
    return {
      typing: this.#typing.get(agent)?.has(channelId) ?? false,
      online: this.#agents.has(agent),
    };
  }

  /** The agent shows "typing…" in the chat, for TYPING_EXPIRY_MS unless refreshed. */
  typing(agent: string, channelId: number): void {
    this.#record(agent, channelId, () => {
      const typingIn = this.#typingIn(agent);
      typingIn.get(channelId)?.();
      typingIn.set(
        channelId,
        this.#clock.setTimer(TYPING_EXPIRY_MS, () =>
          this.#changing(agent, channelId, () => this.#stopTyping(agent, channelId)),
        ),
      );
    });
  }

  /** The agent sent something or cancelled typing in the chat: typing stops, the agent stays online. */
  stoppedTyping(agent: string, channelId: number): void {
    this.#record(agent, channelId, () => this.#stopTyping(agent, channelId));
  }

  /** The agent did something that shows it online (read, reacted) and leaves typing as it was. */
  seen(agent: string, channelId: number): void {
    this.#record(agent, channelId, () => {});
  }

  /** Cancels every timer; nothing is reported afterwards. */
  close(): void {
    for (const state of this.#agents.values()) state.cancelOfflineTimer();
    for (const typingIn of this.#typing.values()) for (const cancel of typingIn.values()) cancel();
    this.#agents.clear();
    this.#typing.clear();
  }

  #record(agent: string, channelId: number, updateTyping: () => void): void {
    this.#changing(agent, channelId, () => {
      updateTyping();
      const state = this.#agents.get(agent);
      state?.cancelOfflineTimer();
      const onlineIn = state?.onlineIn ?? new Set<number>();
      onlineIn.add(channelId);
      this.#agents.set(agent, {
        onlineIn,
        cancelOfflineTimer: this.#clock.setTimer(ONLINE_EXPIRY_MS, () => this.#goOffline(agent)),
      });
    });
  }

  #goOffline(agent: string): void {
    const state = this.#agents.get(agent);
    if (!state) return;
    this.#agents.delete(agent);
    for (const channelId of state.onlineIn) {
      this.#stopTyping(agent, channelId);
      this.#onChange(agent, channelId, { typing: false, online: false });
    }
  }

  #stopTyping(agent: string, channelId: number): void {
    const typingIn = this.#typing.get(agent);
    typingIn?.get(channelId)?.();
    typingIn?.delete(channelId);
    if (typingIn?.size === 0) this.#typing.delete(agent);
  }

  #typingIn(agent: string): Map<number, () => void> {
    let typingIn = this.#typing.get(agent);
    if (!typingIn) {
      typingIn = new Map();
      this.#typing.set(agent, typingIn);
    }
    return typingIn;
  }

  /** Runs `change` and reports the chat's activity when it differs from before. */
  #changing(agent: string, channelId: number, change: () => void): void {
    const before = this.activity(agent, channelId);
    change();
    const after = this.activity(agent, channelId);
    if (before.typing !== after.typing || before.online !== after.online) {
      this.#onChange(agent, channelId, after);
    }
  }
}
