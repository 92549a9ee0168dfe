import { Api } from 'telegram';
import type { Clock } from '../../clock';
import type { TelegramAccount } from '../accounts';
import { markedPeerId } from '../mapping';
import { ExpiringCache } from './expiring-cache';

/** How long the fetched blocklist counts as current (people may block from the phone too). */
export const BLOCKLIST_TTL_MS = 60_000;
const PAGE_SIZE = 100;

/** Whom the account has blocked, from contacts.getBlocked (all pages), cached briefly. */
export class Blocklist {
  readonly #cache: ExpiringCache<'blocked', Set<number>>;
  readonly #account: TelegramAccount;

  constructor(account: TelegramAccount, clock: Clock) {
    this.#account = account;
    this.#cache = new ExpiringCache(clock, BLOCKLIST_TTL_MS);
  }

  async has(markedId: number): Promise<boolean> {
    return (await this.#blocked()).has(markedId);
  }

  /** Records a block or unblock the agent just made, without refetching. */
  set(markedId: number, blocked: boolean): void {
    const known = this.#cache.get('blocked');
    if (!known) return;
    if (blocked) known.add(markedId);
    else known.delete(markedId);
  }

  #blocked(): Promise<Set<number>> {
    return this.#cache.getOrLoad('blocked', async () => {
      const blocked = new Set<number>();
      for (let offset = 0; ; offset += PAGE_SIZE) {
        const page = await this.#account.invoke(new Api.contacts.GetBlocked({ offset, limit: PAGE_SIZE }));
        for (const entry of page.blocked) blocked.add(markedPeerId(entry.peerId));
        const total = page instanceof Api.contacts.BlockedSlice ? page.count : page.blocked.length;
        if (page.blocked.length < PAGE_SIZE || offset + PAGE_SIZE >= total) return blocked;
      }
    });
  }
}
