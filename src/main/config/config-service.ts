import type { ConfigReport } from '../../shared/api';
import type { Logger } from '../logging';
import { type ResolvedConfigPath, resolveConfigPath } from './config-path';
import { type LoadedConfig, loadConfig, totalMediaByKind } from './load-config';
import { CachedPromptLibrary } from './prompts';
import { watchConfig } from './watch-config';

export interface ConfigServiceDeps {
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** `--config-path` from the command line, when given. */
  override: readonly string[] | undefined;
  /** The config path when nothing names one. */
  defaultDirs: readonly string[];
  /** The directories Troupe ships, whose prompts are the originals the console compares with. */
  shippedDirs: readonly string[];
  /** The operator's saved config path, read at each reload so a settings change takes effect. */
  savedConfigPath: () => readonly string[];
  logger: Logger;
  onReloaded: (report: ConfigReport) => void;
  /** How long file changes settle before a reload; editors write in bursts. */
  watchDebounceMs?: number;
}

/**
 * Holds the loaded configuration and keeps it current: reloads when a watched file changes,
 * when the operator asks, or when the saved config path changes. Reloads never overlap.
 */
export class ConfigService {
  readonly #deps: ConfigServiceDeps;
  readonly #logger: Logger;
  #path: ResolvedConfigPath = { dirs: [], source: 'default' };
  #config: LoadedConfig | null = null;
  #prompts: CachedPromptLibrary | null = null;
  #internalPrompts: CachedPromptLibrary | null = null;
  #loadedAt = new Date(0);
  #stopWatching: (() => Promise<void>) | null = null;
  #queue: Promise<unknown> = Promise.resolve();
  #closed = false;

  constructor(deps: ConfigServiceDeps) {
    this.#deps = deps;
    this.#logger = deps.logger.child({ module: 'config' });
  }

  get config(): LoadedConfig {
    if (!this.#config) throw new Error('The configuration has not been loaded yet.');
    return this.#config;
  }

  /** The prompts of the loaded configuration, each read once until the next reload. */
  get prompts(): CachedPromptLibrary {
    if (!this.#prompts) throw new Error('The configuration has not been loaded yet.');
    return this.#prompts;
  }

  /**
   * The prompts of Troupe's own work beside the conversations (summaries, consolidation): the
   * config path first, so an operator can reword them, then the shipped copies, so the work never
   * stops because a configuration predates it.
   */
  get internalPrompts(): CachedPromptLibrary {
    if (!this.#internalPrompts) throw new Error('The configuration has not been loaded yet.');
    return this.#internalPrompts;
  }

  /** The config directories shipped with Troupe, whether or not the config path names them. */
  get shippedDirs(): readonly string[] {
    return this.#deps.shippedDirs;
  }

  get path(): ResolvedConfigPath {
    return this.#path;
  }

  /** Loads the configuration and starts watching its directories. */
  start(): Promise<ConfigReport> {
    return this.reload();
  }

  reload(): Promise<ConfigReport> {
    const next = this.#queue.then(() => this.#reloadNow());
    this.#queue = next.catch(() => undefined);
    return next;
  }

  report(): ConfigReport {
    const config = this.config;
    return {
      configPath: config.configDirs,
      agentCount: config.agents.length,
      promptNames: [...config.prompts.keys()].sort(),
      mediaCounts: totalMediaByKind(config.media),
      problems: config.problems,
      loadedAt: this.#loadedAt.toISOString(),
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#queue;
    await this.#stopWatching?.();
    this.#stopWatching = null;
  }

  async #reloadNow(): Promise<ConfigReport> {
    const path = resolveConfigPath({
      env: this.#deps.env,
      cwd: this.#deps.cwd,
      override: this.#deps.override,
      settingsConfigPath: this.#deps.savedConfigPath(),
      defaultDirs: this.#deps.defaultDirs,
    });
    const config = await loadConfig(path.dirs);
    const dirsChanged = path.dirs.join('\n') !== this.#path.dirs.join('\n');
    this.#path = path;
    this.#config = config;
    this.#prompts = new CachedPromptLibrary(config.configDirs);
    const shipped = this.shippedDirs.filter((dir) => !config.configDirs.includes(dir));
    this.#internalPrompts = new CachedPromptLibrary([...config.configDirs, ...shipped]);
    this.#loadedAt = new Date();
    if ((dirsChanged || !this.#stopWatching) && !this.#closed) await this.#watch(path.dirs);
    const report = this.report();
    const errors = config.problems.filter((problem) => problem.severity === 'error').length;
    this.#logger.info(
      { dirs: path.dirs, source: path.source, agents: config.agents.length, errors },
      'configuration loaded',
    );
    this.#deps.onReloaded(report);
    return report;
  }

  /** Starts watching `dirs`; resolves once the initial scan is done, so no later edit goes unseen. */
  async #watch(dirs: readonly string[]): Promise<void> {
    await this.#stopWatching?.();
    await new Promise<void>((ready) => {
      this.#stopWatching = watchConfig(
        dirs,
        () => {
          this.reload().catch((error: unknown) =>
            this.#logger.error({ err: error }, 'configuration reload failed'),
          );
        },
        {
          debounceMs: this.#deps.watchDebounceMs ?? 250,
          onReady: ready,
          onError: (error) => this.#logger.warn({ err: error }, 'watching the config directories failed'),
        },
      );
    });
  }
}
