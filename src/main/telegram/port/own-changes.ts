import type { ChatMsg } from '../../../shared/domain/conversation';
import type { Logger } from '../../logging';
import { Listeners } from '../accounts';
import type { AccountContext } from './account-context';
import { fetchMessage } from './history';

/**
 * A change the agent itself made to a chat: a message it sent, or a message it reacted to (as
 * the message now is). Telegram raises no inbound update for these, so the port tells them apart.
 */
export interface OwnChange {
  type: 'sent' | 'reacted';
  agent: string;
  message: ChatMsg;
}

/**
 * The listeners to the agent's own changes (the console's live view). Announcing fetches the
 * message in the background, so a send or reaction never waits for the console; with nobody
 * listening nothing is fetched.
 */
export class OwnChanges {
  readonly #listeners: Listeners<[OwnChange]>;
  readonly #logger: Logger;
  #count = 0;

  constructor(logger: Logger) {
    this.#logger = logger;
    this.#listeners = new Listeners(logger, 'own-changes');
  }

  add(listener: (change: OwnChange) => void): () => void {
    const remove = this.#listeners.add(listener);
    this.#count += 1;
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      this.#count -= 1;
      remove();
    };
  }

  announce(context: AccountContext, type: OwnChange['type'], channelId: number, messageId: number): void {
    if (this.#count === 0) return;
    const agent = context.account.configName;
    fetchMessage(context, channelId, messageId)
      .then((message) => {
        if (message) this.#listeners.emit({ type, agent, message });
      })
      .catch((error: unknown) =>
        this.#logger.warn(
          { err: error, agent, channelId, messageId },
          'could not fetch the agent’s own change',
        ),
      );
  }
}
