import { ApiError } from '../../../shared/api';
import type { Store } from '../../store';
import type { ApiHandlers } from '../dispatcher';
import type { EventHub } from '../event-hub';

type PriceProcedure = 'prices.list' | 'prices.put' | 'prices.delete';

/** The price catalogue for the console; each change is announced with the whole catalogue. */
export function createPriceHandlers(deps: {
  store: Pick<Store, 'llmPrices'>;
  events: EventHub;
}): Pick<ApiHandlers, PriceProcedure> {
  const { store, events } = deps;
  const announce = () => events.emit('prices.changed', { prices: store.llmPrices.list() });
  return {
    'prices.list': () => ({ prices: store.llmPrices.list() }),
    'prices.put': (input) => {
      const price = store.llmPrices.upsert(input);
      announce();
      return { price };
    },
    'prices.delete': ({ modelId }) => {
      if (!store.llmPrices.delete(modelId))
        throw new ApiError('not_found', `The catalogue has no price for ${modelId}.`);
      announce();
      return { deleted: true as const };
    },
  };
}
