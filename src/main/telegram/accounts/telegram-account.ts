import { Api, type TelegramClient, utils } from 'telegram';
import { Raw } from 'telegram/events/index.js';
import { UpdateConnectionState } from 'telegram/network/index.js';
import type { ConnectionState, TelegramAccountView, TelegramUser } from '../../../shared/domain/telegram';
import type { Clock } from '../../clock';
import type { Logger } from '../../logging';
import { MessagingError } from '../../messaging/port';
import {
  createTelegramClient,
  destroyTelegramClient,
  type TelegramApiCredentials,
  type TelegramServer,
  withCallTimeout,
} from '../connection';
import { telegramUserOf } from '../mapping';
import { AccountLimits } from './account-limits';
import { describeError, failureOf } from './call-failure';
import { type BackoffOptions, ReconnectBackoff } from './reconnect-backoff';
import { classifyTelegramError, type TelegramFault } from './telegram-faults';
import type { RawUpdate } from './update-places';
import { UpdateSequence, type UpdateStateStore } from './update-sequence';

/** A file transfer may take this many call timeouts (a video is many requests). */
const DOWNLOAD_TIMEOUT_FACTOR = 4;

/** How long a task waits before trying again while the account (re)connects. */
export const RECONNECT_WAIT_SECONDS = 15;

export interface AccountConnectOptions {
  /** The saved StringSession; empty when the agent has never logged in on this server. */
  session: string;
  credentials: TelegramApiCredentials;
  server: TelegramServer;
  /** Short names of the agent's sticker sets (its config's `stickerSets`). */
  stickerSets?: readonly string[];
  /** Where the session's place in its update sequences is kept; none: it starts afresh each time. */
  updateState?: UpdateStateStore;
}

export interface AccountSettings {
  clock: Clock;
  logger: Logger;
  /** Bound on every call and on connecting. */
  callTimeoutMs: number;
  /** How long outbound sends stay stopped after Telegram limits the account (PEER_FLOOD). */
  sendStopMs: number;
  reconnect: BackoffOptions;
  /** GramJS's own attempts per connect and per request. */
  clientRetries: number;
}

export type { RawUpdate } from './update-places';

export interface AccountEvents {
  changed(account: TelegramAccount): void;
  /** Live and caught-up updates, in order, each once. */
  update(account: TelegramAccount, update: RawUpdate): void;
  /** Telegram could not list all the updates missed while away (the unread scan has to look). */
  lost(account: TelegramAccount): void;
  loggedOut(account: TelegramAccount, code: string): void;
}

export interface InvokeOptions {
  /** A message send: refused while Telegram's send limit (PEER_FLOOD) holds. */
  send?: boolean;
}

/**
 * One agent's Telegram account: its GramJS client, its connection state and the limits Telegram
 * put on it. Every call goes through `invoke`, which refuses at once during a flood-wait
 * cool-down (never busy-looping on Telegram), bounds the call in time and turns failures into
 * MessagingErrors while updating the account (cool-down, stopped sends, logged out).
 * GramJS reconnects by itself after short drops; when it has not recovered by the next backoff
 * step, the client is rebuilt.
 */
export class TelegramAccount {
  readonly configName: string;
  readonly stickerSetNames: readonly string[];

  readonly #options: AccountConnectOptions;
  readonly #settings: AccountSettings;
  readonly #events: AccountEvents;
  readonly #backoff: ReconnectBackoff;
  readonly #logger: Logger;
  #client: TelegramClient | null = null;
  /** The client that finished connecting (getMe answered); its connection signals count. */
  #readyClient: TelegramClient | null = null;
  #state: ConnectionState = 'connecting';
  #user: TelegramUser | null = null;
  /** What is wrong with the connection; the send stop speaks for itself (see view). */
  #problem: string | null = null;
  readonly #limits: AccountLimits;
  #closed = false;
  /** Fails the calls still waiting for an answer when the account closes. */
  readonly #closing = new AbortController();
  #cancelReconnect: (() => void) | null = null;
  readonly #sequence: UpdateSequence;

  constructor(
    configName: string,
    options: AccountConnectOptions,
    settings: AccountSettings,
    events: AccountEvents,
  ) {
    this.configName = configName;
    this.stickerSetNames = options.stickerSets ?? [];
    this.#options = options;
    this.#settings = settings;
    this.#events = events;
    this.#backoff = new ReconnectBackoff(settings.reconnect);
    this.#logger = settings.logger.child({ agent: configName });
    this.#limits = new AccountLimits({
      clock: settings.clock,
      logger: this.#logger,
      sendStopMs: settings.sendStopMs,
      changed: () => {
        if (!this.#closed) this.#events.changed(this);
      },
    });
    this.#sequence = new UpdateSequence({
      invoke: (request) => this.invoke(request),
      inputChannel: (channelId) => this.#inputChannel(channelId),
      emit: (update) => this.#events.update(this, update),
      store: options.updateState ?? null,
      clock: settings.clock,
      logger: this.#logger,
      lost: () => this.#events.lost(this),
    });
  }

  get state(): ConnectionState {
    return this.#state;
  }

  /** The logged-in user, known once connected. */
  get user(): TelegramUser | null {
    return this.#user;
  }

  /** What the account now is, as its profile reads after a change: the view follows. */
  userChanged(user: TelegramUser): void {
    if (this.#closed || this.#user === null || JSON.stringify(user) === JSON.stringify(this.#user)) return;
    this.#user = user;
    this.#events.changed(this);
  }

  view(): TelegramAccountView {
    return {
      configName: this.configName,
      enabled: true,
      connection: this.#state,
      user: this.#user,
      ...this.#limits.view(),
      problem: this.#problem ?? this.#limits.sendStopNotice,
    };
  }

  /** Connects for the first time; resolves once connected or settled in another state. */
  async start(): Promise<void> {
    if (!this.#options.session) {
      this.#setState('logged-out', 'No saved session on this server: log in first.');
      return;
    }
    await this.#open();
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#sequence.stop();
    this.#closing.abort(
      new MessagingError(`${this.configName} was disconnected from Telegram.`, { retryable: true }),
    );
    this.#cancelReconnect?.();
    this.#limits.close();
    await this.#dropClient();
  }

  /** Lifts the send stop after PEER_FLOOD (the operator checked the account with @SpamBot). */
  resumeSends(): void {
    this.#limits.resumeSends();
  }

  /** Runs one Telegram request with the account's guards, bound and fault handling. */
  async invoke<R extends Api.AnyRequest>(request: R, options: InvokeOptions = {}): Promise<R['__response']> {
    const client = this.#usableClient(options);
    try {
      const answer = await this.#bounded(client.invoke(request), request.className);
      this.#sequence.answered(answer, request);
      return answer;
    } catch (error) {
      throw this.#failure(error, request.className);
    }
  }

  /**
   * Runs work that needs the GramJS client itself (file transfers, which GramJS splits into many
   * requests across data centres) with the account's guards and fault handling, bounded by
   * DOWNLOAD_TIMEOUT_FACTOR call timeouts.
   */
  async withClient<T>(what: string, work: (client: TelegramClient) => Promise<T>): Promise<T> {
    const client = this.#usableClient({});
    try {
      return await withCallTimeout(
        work(client),
        this.#settings.callTimeoutMs * DOWNLOAD_TIMEOUT_FACTOR,
        what,
        this.#closing.signal,
      );
    } catch (error) {
      throw this.#failure(error, what);
    }
  }

  /** Bounded in time, and given up at once when the account closes: nobody waits for a client that is going away. */
  #bounded<T>(call: Promise<T>, what: string): Promise<T> {
    return withCallTimeout(call, this.#settings.callTimeoutMs, what, this.#closing.signal);
  }

  #usableClient(options: InvokeOptions): TelegramClient {
    if (this.#state === 'logged-out') {
      throw new MessagingError(`${this.configName} is logged out of Telegram; log in again.`, {
        retryable: false,
      });
    }
    const refusal = this.#limits.refusal(this.configName, options.send === true);
    if (refusal) throw refusal;
    if (this.#state !== 'connected' || this.#client === null) {
      // The connection comes back by itself: tasks wait for it without using up their retries.
      throw new MessagingError(`${this.configName} is not connected to Telegram (${this.#state}).`, {
        retryable: true,
        retryAfterSeconds: RECONNECT_WAIT_SECONDS,
      });
    }
    return this.#client;
  }

  #failure(error: unknown, what: string): MessagingError {
    if (error instanceof MessagingError) return error;
    return failureOf(classifyTelegramError(error), error, {
      what,
      agent: this.configName,
      coolDown: (seconds) => this.#limits.coolDown(seconds),
      stopSends: (code) => this.#limits.stopSends(code),
      logOut: (code) => void this.#logOut(code),
    });
  }

  async #open(): Promise<void> {
    const client = createTelegramClient({
      server: this.#options.server,
      credentials: this.#options.credentials,
      session: this.#options.session,
      retries: this.#settings.clientRetries,
    });
    this.#client = client;
    try {
      const connected = await this.#bounded(client.connect(), 'Connecting');
      if (!connected) throw new Error('GramJS could not connect');
      const me = await this.#bounded(client.getMe(), 'users.GetUsers');
      if (this.#client !== client) return;
      // Subscribed only now: GramJS calls getMe itself before dispatching to a handler while it
      // knows no self, which would double the getMe above.
      client.addEventHandler(
        (update: RawUpdate | UpdateConnectionState) => this.#onRaw(client, update),
        new Raw({}),
      );
      this.#user = telegramUserOf(me);
      this.#readyClient = client;
      this.#backoff.reset();
      this.#setState('connected', null);
      this.#catchUp();
    } catch (error) {
      if (this.#client !== client) return;
      await this.#openFailed(classifyTelegramError(error), error);
    }
  }

  async #openFailed(fault: TelegramFault, error: unknown): Promise<void> {
    if (fault.kind === 'logged-out') {
      await this.#logOut(fault.code);
      return;
    }
    await this.#dropClient();
    if (fault.kind === 'transient' || fault.kind === 'flood-wait') {
      this.#setState('reconnecting', `Cannot reach Telegram (${describeError(error)}); retrying.`);
      this.#scheduleReopen();
      return;
    }
    this.#setState('error', `Telegram refused the connection (${fault.code}).`);
  }

  #onRaw(client: TelegramClient, update: RawUpdate | UpdateConnectionState): void {
    if (client !== this.#client || this.#closed) return;
    if (update instanceof UpdateConnectionState) {
      this.#onConnectionSignal(client, update.state);
      return;
    }
    this.#sequence.receive(update);
  }

  /** Takes up the update sequences where they were: what came while away arrives now. */
  #catchUp(): void {
    this.#sequence.connected().catch((error: unknown) => {
      // The connection went again; the next one catches up.
      this.#logger.warn({ err: error }, 'could not catch up on Telegram updates');
    });
  }

  /**
   * The channel as requests name it; null when this client does not know it (left, or never seen).
   * Anything else, a dropped connection above all, is the caller's to see: the catch-up stops and
   * keeps the channel's place for the next one.
   */
  async #inputChannel(channelId: number): Promise<Api.TypeInputChannel | null> {
    const client = this.#usableClient({});
    try {
      return utils.getInputChannel(await client.getInputEntity(channelId));
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('Could not find the input entity')) return null;
      throw error;
    }
  }

  /** GramJS reports its own reconnects; the watchdog rebuilds the client if one does not come back. */
  #onConnectionSignal(client: TelegramClient, state: number): void {
    if (client !== this.#readyClient) return;
    if (state === UpdateConnectionState.connected) {
      if (this.#state === 'reconnecting') void this.#confirmReconnect(client);
      return;
    }
    if (this.#state !== 'connected') return;
    this.#setState('reconnecting', 'Lost the connection to Telegram; reconnecting.');
    this.#scheduleReopen();
  }

  /**
   * A new connection receives updates only after a request on it (Telegram's rule), so the
   * account counts as connected again once updates.getState answered.
   */
  async #confirmReconnect(client: TelegramClient): Promise<void> {
    try {
      await this.#bounded(client.invoke(new Api.updates.GetState()), 'updates.GetState');
    } catch (error) {
      const fault = classifyTelegramError(error);
      if (client === this.#client && fault.kind === 'logged-out') await this.#logOut(fault.code);
      // Anything else: the watchdog rebuilds the client if it does not come back.
      return;
    }
    if (client !== this.#client || this.#state !== 'reconnecting') return;
    this.#cancelReconnect?.();
    this.#cancelReconnect = null;
    this.#backoff.reset();
    this.#setState('connected', null);
    this.#catchUp();
  }

  #scheduleReopen(): void {
    this.#cancelReconnect?.();
    const delay = this.#backoff.next();
    this.#logger.info({ delayMs: delay }, 'reconnecting to Telegram after a delay');
    this.#cancelReconnect = this.#settings.clock.setTimer(delay, () => {
      this.#cancelReconnect = null;
      if (this.#closed || this.#state !== 'reconnecting') return;
      void this.#reopen();
    });
  }

  async #reopen(): Promise<void> {
    await this.#dropClient();
    if (this.#closed) return;
    await this.#open();
  }

  async #logOut(code: string): Promise<void> {
    if (this.#state === 'logged-out') return;
    this.#logger.warn({ code }, 'Telegram ended the session');
    this.#cancelReconnect?.();
    this.#setState('logged-out', `Telegram ended this session (${code}); log in again.`);
    await this.#dropClient();
    this.#events.loggedOut(this, code);
  }

  async #dropClient(): Promise<void> {
    const client = this.#client;
    this.#client = null;
    this.#readyClient = null;
    if (!client) return;
    try {
      await destroyTelegramClient(client);
    } catch (error) {
      this.#logger.warn({ err: error }, 'could not close the Telegram client cleanly');
    }
  }

  #setState(state: ConnectionState, problem: string | null): void {
    if (this.#closed) return;
    this.#state = state;
    this.#problem = problem;
    this.#events.changed(this);
  }
}
