import type { SecretStore } from '../../secrets';
import type { ApiHandlers } from '../dispatcher';

export function createSecretHandlers(
  secrets: SecretStore,
): Pick<ApiHandlers, 'secrets.status' | 'secrets.set' | 'secrets.clear'> {
  return {
    'secrets.status': () => ({ secrets: secrets.status() }),
    'secrets.set': ({ name, value }) => secrets.set(name, value),
    'secrets.clear': ({ name }) => secrets.clear(name),
  };
}
