import type { ApiDispatcher } from '../api/dispatcher';
import type { EventHub } from '../api/event-hub';
import type { Logger } from '../logging';
import type { SecretCipher } from '../secrets';

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
  cipher: SecretCipher;
  logger: Logger;
  version: string;
}

/** A started runtime: what a shell (Electron window, headless server) needs to host it. */
export interface RuntimeHandle {
  readonly dispatch: ApiDispatcher;
  readonly events: EventHub;
  readonly stateDir: string;
  close(): Promise<void>;
}
