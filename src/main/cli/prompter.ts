import { createInterface, type Interface } from 'node:readline';
import { Writable } from 'node:stream';

/** Where a command's answers come from: a terminal, or text piped in. */
export type PrompterInput = NodeJS.ReadableStream & { isTTY?: boolean };

/** The operator ended the questions (Ctrl-C, or the input ran out). */
export class CancelledError extends Error {}

/** Asks questions on the terminal (or reads answers piped in), one line per answer. */
export class Prompter {
  readonly #write: (text: string) => void;
  readonly #lines: Interface;
  readonly #next: AsyncIterator<string>;
  readonly #cancelled: string;
  #muted = false;

  /**
   * `onInterrupt` hears Ctrl-C on a terminal, which also ends any question being asked;
   * `cancelled` is the message of the CancelledError a question then ends with.
   */
  constructor(
    input: PrompterInput,
    write: (text: string) => void,
    onInterrupt: () => void,
    cancelled = 'Cancelled.',
  ) {
    this.#write = write;
    this.#cancelled = cancelled;
    // A terminal echoes what is typed through `output`; muting it hides a password or a key.
    const output = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        if (!this.#muted) write(chunk.toString());
        done();
      },
    });
    this.#lines = createInterface({ input, output, terminal: input.isTTY === true });
    this.#lines.on('SIGINT', () => {
      this.#lines.close();
      onInterrupt();
    });
    this.#next = this.#lines[Symbol.asyncIterator]();
  }

  async ask(question: string, { hidden = false } = {}): Promise<string> {
    this.#write(question);
    this.#muted = hidden;
    const answer = await this.#next.next();
    this.#muted = false;
    if (hidden) this.#write('\n');
    if (answer.done) throw new CancelledError(this.#cancelled);
    return answer.value.trim();
  }

  close(): void {
    this.#lines.close();
  }
}
