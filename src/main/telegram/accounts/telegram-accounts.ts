import type { TelegramAccountView } from '../../../shared/domain/telegram';
import { type Clock, systemClock } from '../../clock';
import type { Logger } from '../../logging';
import { Listeners } from './listeners';
import { type BackoffOptions, DEFAULT_RECONNECT_BACKOFF } from './reconnect-backoff';
import { type AccountConnectOptions, type RawUpdate, TelegramAccount } from './telegram-account';

export interface TelegramAccountsOptions {
  logger: Logger;
  clock?: Clock;
  /** Bound on every Telegram call (GramJS has none); 30 s by default. */
  callTimeoutMs?: number;
  /** How long sends stay stopped after PEER_FLOOD; 24 h by default. */
  sendStopMs?: number;
  reconnect?: BackoffOptions;
  /** GramJS's own attempts per connect and per request; 3 by default. */
  clientRetries?: number;
  /**
   * Telegram ended an account's session (revoked, expired, account deleted). The runtime clears
   * the stored session and asks the operator for a new login; other accounts go on.
   */
  onLoggedOut?: (configName: string, code: string) => void;
  /** Telegram could not list every update an account missed: its unread chats need a look. */
  onUpdatesLost?: (configName: string) => void;
}

const DEFAULT_CALL_TIMEOUT_MS = 30_000;
const DEFAULT_SEND_STOP_MS = 24 * 60 * 60 * 1000;

/** The connected agents' Telegram accounts, by config name: connect, disconnect, watch. */
export class TelegramAccounts {
  readonly #accounts = new Map<string, TelegramAccount>();
  readonly #changes: Listeners<[configName: string, view: TelegramAccountView | null]>;
  readonly #updates: Listeners<[account: TelegramAccount, update: RawUpdate]>;
  readonly #options: TelegramAccountsOptions;
  readonly #logger: Logger;

  constructor(options: TelegramAccountsOptions) {
    this.#options = options;
    this.#logger = options.logger.child({ module: 'telegram-accounts' });
    this.#changes = new Listeners(this.#logger, 'account changes');
    this.#updates = new Listeners(this.#logger, 'telegram updates');
  }

  /**
   * Connects an agent's account (replacing an earlier connection of the same agent). Resolves
   * with its view once connected, or once it settled as logged-out, error or reconnecting.
   */
  async connect(configName: string, options: AccountConnectOptions): Promise<TelegramAccountView> {
    await this.disconnect(configName);
    const account = new TelegramAccount(
      configName,
      options,
      {
        clock: this.#options.clock ?? systemClock,
        logger: this.#logger,
        callTimeoutMs: this.#options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
        sendStopMs: this.#options.sendStopMs ?? DEFAULT_SEND_STOP_MS,
        reconnect: this.#options.reconnect ?? DEFAULT_RECONNECT_BACKOFF,
        clientRetries: this.#options.clientRetries ?? 3,
      },
      {
        changed: (changed) => {
          if (this.#accounts.get(configName) === changed) this.#changes.emit(configName, changed.view());
        },
        update: (source, update) => this.#updates.emit(source, update),
        loggedOut: (_account, code) => this.#options.onLoggedOut?.(configName, code),
        lost: () => this.#options.onUpdatesLost?.(configName),
      },
    );
    this.#accounts.set(configName, account);
    await account.start();
    return account.view();
  }

  async disconnect(configName: string): Promise<void> {
    const account = this.#accounts.get(configName);
    if (!account) return;
    this.#accounts.delete(configName);
    await account.close();
    this.#changes.emit(configName, null);
  }

  async disconnectAll(): Promise<void> {
    await Promise.all([...this.#accounts.keys()].map((configName) => this.disconnect(configName)));
  }

  account(configName: string): TelegramAccount | undefined {
    return this.#accounts.get(configName);
  }

  view(configName: string): TelegramAccountView | null {
    return this.#accounts.get(configName)?.view() ?? null;
  }

  views(): TelegramAccountView[] {
    return [...this.#accounts.values()].map((account) => account.view());
  }

  /** Lifts an account's send stop after PEER_FLOOD (an operator action). */
  resumeSends(configName: string): void {
    this.#accounts.get(configName)?.resumeSends();
  }

  /** Every change of an account's view; `null` once the account is disconnected. */
  onChange(listener: (configName: string, view: TelegramAccountView | null) => void): () => void {
    return this.#changes.add(listener);
  }

  /** Raw GramJS updates of every connected account, in the order they arrived. */
  onUpdate(listener: (account: TelegramAccount, update: RawUpdate) => void): () => void {
    return this.#updates.add(listener);
  }
}
