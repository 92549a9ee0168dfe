import type { Clock } from '../clock';
import { MessagingError } from '../messaging/port';

/** Failures a test plans for the Simulator's next sends (sendText and sendSticker). */
export interface SendFaultControls {
  /** The next `count` sends fail with `error` and send nothing. */
  failNextSends(count: number, error: MessagingError): void;
  /** The next send fails with a flood wait of `seconds` and sends nothing. */
  floodWait(seconds: number): void;
  /**
   * The next `count` sends are delivered but the call fails anyway (by default with a retryable
   * error), as when a connection drops before the acknowledgement: the case idempotency keys exist for.
   */
  failAfterDelivery(count: number, error?: MessagingError): void;
  /** Every send waits `ms` on the clock before it goes out; 0 stops delaying. */
  delaySends(ms: number): void;
  /** Forgets every planned failure and delay. */
  clear(): void;
}

/** Planned failures are used in the order they were planned. */
export class SendFaults implements SendFaultControls {
  readonly #clock: Clock;
  #beforeSending: MessagingError[] = [];
  #afterDelivery: MessagingError[] = [];
  #delayMs = 0;

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  failNextSends(count: number, error: MessagingError): void {
    this.#beforeSending.push(...Array.from({ length: checkedCount(count) }, () => error));
  }

  floodWait(seconds: number): void {
    if (!Number.isInteger(seconds) || seconds < 1) {
      throw new RangeError(`A flood wait lasts a whole number of seconds, at least 1, not ${seconds}.`);
    }
    this.#beforeSending.push(
      new MessagingError(`A wait of ${seconds} seconds is required before sending again (flood wait).`, {
        retryable: true,
        retryAfterSeconds: seconds,
      }),
    );
  }

  failAfterDelivery(count: number, error?: MessagingError): void {
    const failure =
      error ??
      new MessagingError('The connection dropped before the send was acknowledged.', { retryable: true });
    this.#afterDelivery.push(...Array.from({ length: checkedCount(count) }, () => failure));
  }

  delaySends(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`A send delay is 0 ms or more, not ${ms}.`);
    this.#delayMs = ms;
  }

  clear(): void {
    this.#beforeSending = [];
    this.#afterDelivery = [];
    this.#delayMs = 0;
  }

  /** Waits the planned delay, then throws the next planned failure, if any. */
  async beforeSending(): Promise<void> {
    if (this.#delayMs > 0) {
      const delayMs = this.#delayMs;
      await new Promise<void>((resolve) => this.#clock.setTimer(delayMs, resolve));
    }
    const failure = this.#beforeSending.shift();
    if (failure) throw failure;
  }

  /** Throws the next planned lost acknowledgement, if any. */
  afterDelivery(): void {
    const failure = this.#afterDelivery.shift();
    if (failure) throw failure;
  }
}

function checkedCount(count: number): number {
  if (!Number.isInteger(count) || count < 1) {
    throw new RangeError(`Plan at least one failure (a whole number), not ${count}.`);
  }
  return count;
}
