/** What a CLI command may touch of the outside world; tests pass their own. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Where the shipped samples and configdir live. */
  appRoot: string;
  /** The shipped config directories used when nothing else is configured. */
  defaultDirs: string[];
  /** Whether stdout is a terminal (progress bars are drawn only there). */
  stdoutIsTerminal?: boolean;
}
