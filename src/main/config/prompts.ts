import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConfigProblem } from '../../shared/domain/config.js';
import { listConfigFiles } from './config-files';
import { readConfigText } from './text-file-limit';

/** A prompt file as found on the config path. */
export interface PromptRef {
  name: string;
  /** The config directory it comes from. */
  dir: string;
  /** Absolute path of `<dir>/prompts/<name>.md`. */
  file: string;
}

export class PromptNotFoundError extends Error {
  override readonly name = 'PromptNotFoundError';
  constructor(
    readonly promptName: string,
    readonly searchedDirs: readonly string[],
  ) {
    super(
      `No config directory has the prompt "${promptName}": add prompts/${promptName}.md to one of ${searchedDirs.join(', ') || '(no directories)'}.`,
    );
  }
}

export class InvalidPromptNameError extends Error {
  override readonly name = 'InvalidPromptNameError';
  constructor(readonly promptName: string) {
    super(`"${promptName}" is not a prompt name: use the file name without ".md", with no slashes.`);
  }
}

/** A simple file stem, so a name can never reach outside a `prompts/` directory. */
export function isValidPromptName(name: string): boolean {
  return name.trim() === name && name !== '' && name !== '.' && name !== '..' && !/[/\\\0]/.test(name);
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

async function readIfPresent(file: string): Promise<string | null> {
  try {
    return await readConfigText(file);
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

function byName(a: PromptRef, b: PromptRef): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

/**
 * The prompt files of one config directory (`prompts/*.md`, hidden files skipped, links followed),
 * sorted by name, and the entries that cannot be read as prompts. Never throws.
 */
export async function scanPromptFiles(
  dir: string,
): Promise<{ prompts: PromptRef[]; problems: ConfigProblem[] }> {
  const promptsDir = join(dir, 'prompts');
  const listing = await listConfigFiles(promptsDir, '.md', 'a prompt');
  const prompts = listing.names
    .map((name) => ({ name: name.slice(0, -'.md'.length), dir, file: join(promptsDir, name) }))
    .sort(byName);
  return { prompts, problems: listing.problems };
}

/** The prompt files of one config directory; see scanPromptFiles. */
export async function listPromptFiles(dir: string): Promise<PromptRef[]> {
  return (await scanPromptFiles(dir)).prompts;
}

/**
 * Prompts looked up along the config path: `<dir>/prompts/<name>.md` of the first directory that
 * has it wins, so an operator overrides a shipped prompt by putting a same-named file earlier on
 * the path. Nothing is cached: edits show up in the next prompt that is built.
 */
export class PromptLibrary {
  constructor(private readonly configDirs: readonly string[]) {}

  /** The file a prompt resolves to, or null when no directory has it. */
  async find(name: string): Promise<PromptRef | null> {
    if (!isValidPromptName(name)) throw new InvalidPromptNameError(name);
    for (const dir of this.configDirs) {
      const file = join(dir, 'prompts', `${name}.md`);
      if (await isFile(file)) return { name, dir, file };
    }
    return null;
  }

  /** The prompt's text, trimmed. Throws `PromptNotFoundError` when no directory has it. */
  async load(name: string): Promise<string> {
    if (!isValidPromptName(name)) throw new InvalidPromptNameError(name);
    for (const dir of this.configDirs) {
      const text = await readIfPresent(join(dir, 'prompts', `${name}.md`));
      if (text !== null) return text.trim();
    }
    throw new PromptNotFoundError(name, this.configDirs);
  }

  /** Every prompt that resolves, by name; each from the first directory that has it. */
  async list(): Promise<PromptRef[]> {
    const found = new Map<string, PromptRef>();
    for (const dir of this.configDirs) {
      for (const prompt of await listPromptFiles(dir)) {
        if (!found.has(prompt.name)) found.set(prompt.name, prompt);
      }
    }
    return [...found.values()].sort(byName);
  }
}

/** What a turn needs of a prompt library: a prompt's text by name. */
export interface PromptSource {
  load(name: string): Promise<string>;
}

/**
 * The prompts of one loaded configuration, each file read once. The configuration service watches
 * the config directories and makes a new one with every reload, so an edited prompt is picked up
 * then, and turns no longer read unchanged files from disk. A failed read is not kept.
 */
export class CachedPromptLibrary implements PromptSource {
  readonly #library: PromptLibrary;
  readonly #texts = new Map<string, Promise<string>>();

  constructor(configDirs: readonly string[]) {
    this.#library = new PromptLibrary(configDirs);
  }

  load(name: string): Promise<string> {
    let text = this.#texts.get(name);
    if (!text) {
      const loading = this.#library.load(name);
      loading.catch(() => {
        if (this.#texts.get(name) === loading) this.#texts.delete(name);
      });
      this.#texts.set(name, loading);
      text = loading;
    }
    return text;
  }
}

/** One-off form of `PromptLibrary.load`. */
export function loadPrompt(configDirs: readonly string[], name: string): Promise<string> {
  return new PromptLibrary(configDirs).load(name);
}
