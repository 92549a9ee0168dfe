import type { Clock } from '../../clock';
import type { Logger } from '../../logging';
import { MessagingError } from '../../messaging/port';

export interface AccountLimitsDeps {
  clock: Clock;
  logger: Logger;
  /** How long sends stay stopped after Telegram limits the account (PEER_FLOOD). */
  sendStopMs: number;
  /** A limit began or lifted: the account's view changed. */
  changed: () => void;
}

/**
 * The limits Telegram puts on one account: a flood-wait cool-down that holds every call, and a
 * send stop after PEER_FLOOD that holds messages to people. Each lifts by itself when its time is
 * up (the view is told then), the send stop also when the operator resumes sends.
 */
export class AccountLimits {
  readonly #deps: AccountLimitsDeps;
  #coolDownUntil: Date | null = null;
  #sendsStoppedUntil: Date | null = null;
  #stopCode = 'PEER_FLOOD';
  readonly #expiryTimers = new Set<() => void>();

  constructor(deps: AccountLimitsDeps) {
    this.#deps = deps;
  }

  /** Why a call must not go out now, or null: the cool-down holds any call, the send stop a send. */
  refusal(agent: string, send: boolean): MessagingError | null {
    const now = this.#deps.clock.now().getTime();
    if (this.#coolDownUntil && this.#coolDownUntil.getTime() > now) {
      const seconds = Math.ceil((this.#coolDownUntil.getTime() - now) / 1000);
      return new MessagingError(`${agent} is waiting out a Telegram flood wait (${seconds} s left).`, {
        retryable: true,
        retryAfterSeconds: seconds,
      });
    }
    if (send && this.#sendsStoppedUntil && this.#sendsStoppedUntil.getTime() > now) {
      return new MessagingError(this.#stopText(this.#sendsStoppedUntil), { retryable: false });
    }
    return null;
  }

  /** Telegram asked the whole account to wait `seconds` (FLOOD_WAIT); a longer wait already on stays. */
  coolDown(seconds: number): void {
    const until = new Date(this.#deps.clock.now().getTime() + seconds * 1000);
    if (this.#coolDownUntil && this.#coolDownUntil >= until) return;
    this.#coolDownUntil = until;
    this.#deps.logger.warn({ seconds }, 'Telegram flood wait: cooling down');
    this.#expireLater(seconds * 1000);
    this.#deps.changed();
  }

  /** Telegram limited the account (`code`): sends stop for a while. Returns the sentence that says so. */
  stopSends(code: string): string {
    const until = new Date(this.#deps.clock.now().getTime() + this.#deps.sendStopMs);
    this.#sendsStoppedUntil = until;
    this.#stopCode = code;
    this.#deps.logger.warn(
      { code, until: until.toISOString() },
      'Telegram limited the account: sends stopped',
    );
    this.#expireLater(this.#deps.sendStopMs);
    this.#deps.changed();
    return this.#stopText(until);
  }

  /** Lifts the send stop (the operator checked the account with @SpamBot). */
  resumeSends(): void {
    if (this.#sendsStoppedUntil === null) return;
    this.#sendsStoppedUntil = null;
    this.#deps.changed();
  }

  /** What the account's problem line says while sends are stopped; null otherwise. */
  get sendStopNotice(): string | null {
    return this.#sendsStoppedUntil ? this.#stopText(this.#sendsStoppedUntil) : null;
  }

  /** The limits in force now, as the account's view shows them. */
  view(): { coolDownUntil: string | null; sendsStoppedUntil: string | null } {
    const now = this.#deps.clock.now().getTime();
    const future = (date: Date | null) => (date && date.getTime() > now ? date.toISOString() : null);
    return { coolDownUntil: future(this.#coolDownUntil), sendsStoppedUntil: future(this.#sendsStoppedUntil) };
  }

  close(): void {
    for (const cancel of this.#expiryTimers) cancel();
    this.#expiryTimers.clear();
  }

  #stopText(until: Date): string {
    return (
      `Telegram limited this account (${this.#stopCode}): sending is stopped until ${until.toISOString()} ` +
      'or until the operator resumes it (check the account with @SpamBot first).'
    );
  }

  /** Tells the view when a cool-down or send stop runs out, so it stops showing it. */
  #expireLater(ms: number): void {
    const cancel = this.#deps.clock.setTimer(ms, () => {
      this.#expiryTimers.delete(cancel);
      const now = this.#deps.clock.now().getTime();
      if (this.#sendsStoppedUntil && this.#sendsStoppedUntil.getTime() <= now) this.#sendsStoppedUntil = null;
      if (this.#coolDownUntil && this.#coolDownUntil.getTime() <= now) this.#coolDownUntil = null;
      this.#deps.changed();
    });
    this.#expiryTimers.add(cancel);
  }
}
