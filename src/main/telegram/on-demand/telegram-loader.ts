import { Listeners } from '../accounts/listeners';
import type { TelegramSide, TelegramSideDeps } from './telegram-side';

/**
 * Loads the GramJS side of the adapter the first time Telegram is needed: an account to connect,
 * or a login or log-out. Until then the runtime holds none of
 * GramJS (tens of megabytes), which a host whose agents are not on Telegram never needs.
 */
export class TelegramLoader {
  readonly #deps: TelegramSideDeps;
  readonly #loadedListeners: Listeners<[TelegramSide]>;
  #side: TelegramSide | null = null;
  #loading: Promise<TelegramSide> | null = null;

  constructor(deps: TelegramSideDeps) {
    this.#deps = deps;
    this.#loadedListeners = new Listeners<[TelegramSide]>(deps.logger, 'telegram side loaded');
  }

  /** The side, when something loaded it already; null before. */
  loaded(): TelegramSide | null {
    return this.#side;
  }

  /** The side being loaded or loaded, or null while nothing asked for it. */
  loading(): Promise<TelegramSide> | null {
    return this.#loading;
  }

  /** The side, loaded now if need be. A failed load is not kept: the next call tries again. */
  load(): Promise<TelegramSide> {
    this.#loading ??= import('./telegram-side').then(
      ({ createTelegramSide }) => {
        const side = createTelegramSide(this.#deps);
        this.#side = side;
        this.#loadedListeners.emit(side);
        return side;
      },
      (error: unknown) => {
        this.#loading = null;
        throw error;
      },
    );
    return this.#loading;
  }

  /** Runs `listener` once the side is loaded, before anyone is handed it. */
  onLoaded(listener: (side: TelegramSide) => void): () => void {
    return this.#loadedListeners.add(listener);
  }
}
