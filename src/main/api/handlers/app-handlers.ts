import type { AppInfo } from '../../../shared/api';
import { LLM_PROVIDERS } from '../../../shared/domain/settings';
import type { ConfigService } from '../../config';
import { LLM_BASE_URL_ENV } from '../../llm';
import type { ApiHandlers } from '../dispatcher';

export interface AppHandlerDeps {
  config: ConfigService;
  mode: AppInfo['mode'];
  version: string;
  stateDir: string;
  env: Readonly<Record<string, string | undefined>>;
}

/** Base URLs the environment sets, which win over Settings (`llmBaseUrl`). */
function environmentBaseUrls(env: AppHandlerDeps['env']): AppInfo['environmentBaseUrls'] {
  return LLM_PROVIDERS.flatMap((provider) => {
    const variable = LLM_BASE_URL_ENV[provider];
    const url = env[variable]?.trim();
    return url ? [{ provider, variable, url }] : [];
  });
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
      environmentBaseUrls: environmentBaseUrls(deps.env),
    }),
  };
}
