/** How often the bar is redrawn at most: often enough to look alive, rarely enough to cost nothing. */
const REDRAW_MS = 100;
const WIDTH = 30;

/**
 * A one-line progress bar for a terminal, redrawn in place with a carriage return. Only for a
 * TTY: piped output gets no bar, just the command's summary.
 */
export class ProgressBar {
  readonly #write: (text: string) => void;
  readonly #label: string;
  #lastDraw = 0;
  #drawn = false;

  constructor(write: (text: string) => void, label: string) {
    this.#write = write;
    this.#label = label;
  }

  /** Shows `done` of `total` (bytes, say), with a note such as a running count. */
  update(done: number, total: number, note: string): void {
    const now = performance.now();
    if (this.#drawn && now - this.#lastDraw < REDRAW_MS) return;
    this.#lastDraw = now;
    this.#drawn = true;
    const fraction = total > 0 ? Math.min(1, done / total) : 0;
    const filled = Math.round(fraction * WIDTH);
    const bar = `${'█'.repeat(filled)}${'░'.repeat(WIDTH - filled)}`;
    this.#write(`\r${this.#label} ${bar} ${String(Math.floor(fraction * 100)).padStart(3)}%  ${note}\x1b[K`);
  }

  /** Clears the bar's line, so what follows starts on a clean one. */
  clear(): void {
    if (this.#drawn) this.#write('\r\x1b[K');
    this.#drawn = false;
  }
}
