import { withTimeout } from '../../test/support/fake-telegram';

/**
 * What the demo started, stopped in reverse order on Ctrl-C (SIGINT) or SIGTERM, each part
 * within a bound so a stuck one cannot hang the terminal. Whatever is started after the stop
 * began (a slow start racing the signal) is stopped as soon as it registers.
 */

const PART_STOP_MS = 20_000;

export class Lifetime {
  readonly #parts: { name: string; stop: () => Promise<void> | void }[] = [];
  #closing: Promise<void> | null = null;
  readonly requested: Promise<NodeJS.Signals>;

  constructor(report: (line: string) => void) {
    this.requested = new Promise((resolve) => {
      let firstAt: number | null = null;
      const onSignal = (signal: NodeJS.Signals) => {
        // npm passes a terminal's Ctrl-C on as well: only a later one is the operator insisting.
        if (firstAt !== null && Date.now() - firstAt > 1_000) {
          report('Still stopping; every part has at most 20 seconds.');
        }
        firstAt ??= Date.now();
        resolve(signal);
      };
      // `on`, not `once`: a second Ctrl-C must not kill the demo before its children are stopped.
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
    });
  }

  /** Registers a started part; after `close` began, stops it at once. */
  async add(name: string, stop: () => Promise<void> | void): Promise<void> {
    if (this.#closing) {
      await this.#stopPart({ name, stop });
      return;
    }
    this.#parts.push({ name, stop });
  }

  close(report: (line: string) => void): Promise<void> {
    this.#closing ??= (async () => {
      for (const part of this.#parts.splice(0).reverse()) {
        await this.#stopPart(part).catch((error: unknown) =>
          report(`Stopping ${part.name} failed: ${(error as Error).message}`),
        );
      }
    })();
    return this.#closing;
  }

  get closing(): boolean {
    return this.#closing !== null;
  }

  async #stopPart(part: { name: string; stop: () => Promise<void> | void }): Promise<void> {
    await withTimeout(Promise.resolve(part.stop()), PART_STOP_MS, `stopping ${part.name}`);
  }
}
