import type { ConfigService } from '../../config';
import type { ApiHandlers } from '../dispatcher';

export function createConfigHandlers(
  config: ConfigService,
): Pick<ApiHandlers, 'config.check' | 'config.reload'> {
  return {
    'config.check': () => config.report(),
    'config.reload': () => config.reload(),
  };
}
