import type { ConfigService } from '../../runtime/config-service';
import type { ApiHandlers } from '../dispatcher';

export function createConfigHandlers(
  config: ConfigService,
): Pick<ApiHandlers, 'config.check' | 'config.reload'> {
  return {
    'config.check': () => config.report(),
    'config.reload': () => config.reload(),
  };
}
