import { createLogger } from '../../src/main/logging';
import { createRuntime } from '../../src/main/runtime/runtime';
import type { RuntimeHandle, RuntimeOptions } from '../../src/main/runtime/types';
import { createKeyFileCipher } from '../../src/main/secrets';

export interface TestRuntimeOptions {
  stateDir: string;
  /** Passed as `--config-path`; leave out to resolve from settings and the shipped defaults. */
  configDirs?: string[];
  /** Where the shipped samples would be; defaults to the state directory (so there are none). */
  appRoot?: string;
  /** The config path when nothing names one, as the installed desktop app gives it. */
  defaultConfigDirs?: string[];
  /** Environment the runtime reads (e.g. GOOGLE_GEMINI_BASE_URL for a local LLM server). */
  env?: NodeJS.ProcessEnv;
  /** Engine tuning, e.g. pacing off for benchmarks. */
  engine?: RuntimeOptions['engine'];
}

/** A headless runtime on a key-file cipher with logging silenced, as tests and benchmarks need it. */
export function startTestRuntime(options: TestRuntimeOptions): Promise<RuntimeHandle> {
  const { stateDir } = options;
  return createRuntime({
    mode: 'server',
    stateDir,
    appRoot: options.appRoot ?? stateDir,
    env: options.env ?? {},
    cwd: stateDir,
    configPathOverride: options.configDirs,
    ...(options.defaultConfigDirs ? { defaultConfigDirs: options.defaultConfigDirs } : {}),
    cipher: createKeyFileCipher({ stateDir, env: {} }),
    logger: createLogger({ level: 'silent' }),
    version: '1.2.3',
    engine: options.engine,
  });
}
