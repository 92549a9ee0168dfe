import { z } from 'zod';
import type { Logger } from '../logging';
import { readJsonFile, writeFileAtomically } from './state-file';

export const SHELL_MEMORY_FILE_NAME = 'desktop-shell.json';

const ShellMemorySchema = z.object({
  /** The operator was told once that closing the window leaves Troupe running in the tray. */
  trayHintShown: z.boolean().default(false),
  /** The agents Pause all switched off, which Resume all switches on again (and no others). */
  pausedFromTray: z.array(z.string()).default([]),
});
type ShellMemoryState = z.infer<typeof ShellMemorySchema>;

/**
 * What the desktop shell remembers across starts that is no operator setting, in the state
 * directory. A file that cannot be read starts over from nothing; one that cannot be written is
 * logged and the shell carries on with what it has in memory.
 */
export class ShellMemory {
  readonly #file: string;
  readonly #logger: Logger;
  #state: ShellMemoryState;

  constructor(file: string, logger: Logger) {
    this.#file = file;
    this.#logger = logger;
    this.#state = readJsonFile(file, ShellMemorySchema) ?? ShellMemorySchema.parse({});
  }

  get trayHintShown(): boolean {
    return this.#state.trayHintShown;
  }

  markTrayHintShown(): void {
    this.#write({ ...this.#state, trayHintShown: true });
  }

  get pausedFromTray(): ReadonlySet<string> {
    return new Set(this.#state.pausedFromTray);
  }

  setPausedFromTray(configNames: Iterable<string>): void {
    const pausedFromTray = [...new Set(configNames)].sort();
    if (pausedFromTray.join('\n') === this.#state.pausedFromTray.join('\n')) return;
    this.#write({ ...this.#state, pausedFromTray });
  }

  #write(next: ShellMemoryState): void {
    this.#state = next;
    try {
      writeFileAtomically(this.#file, `${JSON.stringify(next, null, 2)}\n`);
    } catch (err) {
      this.#logger.warn({ err }, 'could not save what the desktop shell remembers');
    }
  }
}
