import { join } from 'node:path';
import { createApiDispatcher } from '../api/dispatcher';
import { EventHub } from '../api/event-hub';
import { createAgentHandlers } from '../api/handlers/agent-handlers';
import { createAppHandlers } from '../api/handlers/app-handlers';
import { createConfigHandlers } from '../api/handlers/config-handlers';
import { createSecretHandlers } from '../api/handlers/secret-handlers';
import { createSettingsHandlers } from '../api/handlers/settings-handlers';
import { shippedConfigDirs } from '../config';
import { SecretStore } from '../secrets';
import { DATABASE_FILE_NAME, openStore } from '../store';
import { ConfigService } from './config-service';
import { scheduleTaskLogPruning } from './task-log-retention';
import type { RuntimeHandle, RuntimeOptions } from './types';

/**
 * The composition root shared by the desktop app and the headless server: opens the store,
 * loads and watches the configuration, and wires the API handlers to them.
 */
export async function createRuntime(options: RuntimeOptions): Promise<RuntimeHandle> {
  const logger = options.logger.child({ module: 'runtime' });
  const events = new EventHub();
  const store = openStore({ file: join(options.stateDir, DATABASE_FILE_NAME), logger: options.logger });
  const secrets = new SecretStore({
    repository: store.secrets,
    cipher: options.cipher,
    logger: options.logger,
  });
  secrets.onChange(() => events.emit('secrets.changed', { secrets: secrets.status() }));

  const config = new ConfigService({
    env: options.env,
    cwd: options.cwd,
    override: options.configPathOverride,
    defaultDirs: shippedConfigDirs(options.appRoot),
    savedConfigPath: () => store.settings.get().configPath,
    logger: options.logger,
    onReloaded: (report) => events.emit('config.reloaded', report),
  });
  try {
    await config.start();
  } catch (error) {
    store.close();
    throw error;
  }

  const dispatch = createApiDispatcher(
    {
      ...createAppHandlers({
        config,
        mode: options.mode,
        version: options.version,
        stateDir: options.stateDir,
      }),
      ...createAgentHandlers({ config, store }),
      ...createConfigHandlers(config),
      ...createSettingsHandlers({ store, config, events }),
      ...createSecretHandlers(secrets),
    },
    options.logger.child({ module: 'api' }),
  );
  const stopPruning = scheduleTaskLogPruning(store.taskLog, logger);
  logger.info({ mode: options.mode, stateDir: options.stateDir }, 'runtime started');

  return {
    dispatch,
    events,
    stateDir: options.stateDir,
    async close() {
      stopPruning();
      await config.close();
      store.close();
      logger.info('runtime stopped');
    },
  };
}
