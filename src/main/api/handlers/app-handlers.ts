import type { AppInfo } from '../../../shared/api';
import type { ConfigService } from '../../config';
import type { ApiHandlers } from '../dispatcher';

export interface AppHandlerDeps {
  config: ConfigService;
  mode: AppInfo['mode'];
  version: string;
  stateDir: string;
}

export function createAppHandlers(deps: AppHandlerDeps): Pick<ApiHandlers, 'app.info'> {
  return {
    'app.info': () => ({
      name: 'Troupe',
      version: deps.version,
      mode: deps.mode,
      stateDir: deps.stateDir,
      configPath: deps.config.path.dirs,
      configPathSource: deps.config.path.source,
      platform: process.platform,
    }),
  };
}
