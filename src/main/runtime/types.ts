import type { Network } from '../../shared/api';
import type { ApiDispatcher } from '../api/dispatcher';
import type { EventHub } from '../api/event-hub';
import type { Clock } from '../clock';
import type { ConversationEngine } from '../engine';
import type { Logger } from '../logging';
import type { SafeFetcher } from '../retrieval';
import type { SecretCipher } from '../secrets';
import type { Simulator } from '../simulator';
import type { ConversationExporter } from './conversation-export/conversation-export';
import type { MediaFileSource } from './media-file-source';

export interface RuntimeOptions {
  mode: 'desktop' | 'server';
  /** Absolute, already created state directory. */
  stateDir: string;
  /** Where the shipped `samples` and `configdir` live (the repo root, or the packaged resources dir). */
  appRoot: string;
  env: NodeJS.ProcessEnv;
  /** Relative config directories resolve against this. */
  cwd: string;
  /** `--config-path` from the command line, which wins over environment and settings. */
  configPathOverride?: string[];
  /**
   * The config path when nothing names one: the shipped `samples` and `configdir` under `appRoot`
   * unless given (the installed desktop app gives the operator's copy first, see installedConfigDirs).
   */
  defaultConfigDirs?: readonly string[];
  cipher: SecretCipher;
  logger: Logger;
  version: string;
  /** The runtime's time source; the system clock by default (tests pass a manual one). */
  clock?: Clock;
  /** Engine tuning for `troupe simulate --fast`, benchmarks and tests. */
  engine?: {
    /** 'off' adds no typing or sticker waits. */
    pacing?: 'human' | 'off';
    /** How long a direct partner counts as typing after typing or writing (5 s by default). */
    partnerTypingWindowMs?: number;
  };
  /**
   * The web fetcher of the agents' retrieval; a plain SafeFetcher by default. Only tests pass one,
   * built to reach their own local server; no setting, variable or option of the CLI reaches it.
   */
  retrievalFetcher?: SafeFetcher;
}

/** A started runtime: what a shell (Electron window, headless server) needs to host it. */
export interface RuntimeHandle {
  readonly dispatch: ApiDispatcher;
  readonly events: EventHub;
  readonly stateDir: string;
  /** The files the console shows (its media route): stored copies, else the agents' networks. */
  readonly mediaFile: MediaFileSource;
  /** A conversation's export (its route): the zip, or the page to print; none: the route answers 404. */
  readonly exportConversation?: ConversationExporter;
  close(): Promise<void>;
}

/** What `createRuntime` gives in-process hosts (the CLI's simulate, tests): the conversation parts too. */
export interface ConversationRuntimeHandle extends RuntimeHandle {
  /** The in-process chat network of the Playground. */
  readonly simulator: Simulator;
  /** The conversation engine of each network that runs. */
  readonly engines: Partial<Record<Network, ConversationEngine>>;
}
