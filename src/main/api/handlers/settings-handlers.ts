import { ApiError } from '../../../shared/api';
import { type ConfigService, configDirProblems } from '../../config';
import type { Store } from '../../store';
import type { ApiHandlers } from '../dispatcher';
import type { EventHub } from '../event-hub';

export interface SettingsHandlerDeps {
  store: Store;
  config: ConfigService;
  events: EventHub;
}

export function createSettingsHandlers(
  deps: SettingsHandlerDeps,
): Pick<ApiHandlers, 'settings.get' | 'settings.update'> {
  return {
    'settings.get': () => deps.store.settings.get(),
    'settings.update': async (patch) => {
      const problems = patch.configPath ? await configDirProblems(patch.configPath) : [];
      if (problems.length > 0) {
        const issues = problems.map(({ index, message }) => ({ path: `configPath.${index}`, message }));
        throw new ApiError('invalid_input', 'Fix the config directories marked before saving.', issues);
      }
      const before = deps.store.settings.get();
      const after = deps.store.settings.update(patch);
      deps.events.emit('settings.changed', after);
      // A new config path only matters when nothing with higher precedence (flag, env) is in effect;
      // reloading lets the config service decide and report what is now loaded.
      if (before.configPath.join('\n') !== after.configPath.join('\n')) await deps.config.reload();
      return after;
    },
  };
}
