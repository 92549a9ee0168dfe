import { ApiError } from '../../shared/api/errors';
import type { AgentRuntimeState } from '../../shared/domain/agent-runtime';
import type { AgentConfig } from '../../shared/domain/config';
import type { Settings } from '../../shared/domain/settings';
import type {
  LoginStep,
  TelegramAccountView,
  TelegramServerView,
  TelegramUser,
} from '../../shared/domain/telegram';
import type { TelegramConsole } from '../api/handlers/telegram-handlers';
import type { Logger } from '../logging';
import type { SecretStore } from '../secrets';
import type { AgentStateChange, Store } from '../store';
import {
  API_CREDENTIALS_SETTING,
  LoginError,
  type SavedTelegramSession,
  type SessionVault,
  type TelegramLoader,
  type TelegramServer,
  TelegramServerConfigError,
  type TelegramSide,
  telegramCredentialsFrom,
  UNREADABLE_SESSION_PROBLEM,
  writeTelegramIdToAgentFile,
} from '../telegram';

export interface TelegramServiceDeps {
  /** The accounts and logins, loaded (with GramJS) once an account is wanted or a login starts. */
  telegram: TelegramLoader;
  vault: SessionVault;
  store: Store;
  secrets: SecretStore;
  agents: () => readonly AgentConfig[];
  settings: () => Settings;
  /** The server in effect (settings, or TROUPE_TELEGRAM_DC); throws TelegramServerConfigError. */
  server: () => TelegramServer;
  logger: Logger;
  /** An account was connected or went away: the engine looks at its conversations again. */
  onActiveChanged: (configName: string) => void;
  onAccountChanged: (view: TelegramAccountView) => void;
  /** What the runtime keeps of an agent (enabled, logged in, its Telegram id) changed. */
  onAgentStateChanged: (state: AgentRuntimeState) => void;
}

/**
 * The runtime's Telegram: which agents are connected, and the operator's actions on them. An
 * agent is connected when the operator's switch is on, its file does not say Disabled, and it
 * has a session on the server in effect. The console's views come from here.
 */
export class TelegramService implements TelegramConsole {
  readonly #deps: TelegramServiceDeps;
  readonly #logger: Logger;
  /** Serializes reconciliations, so a burst of changes never connects an account twice. */
  #reconciling: Promise<void> = Promise.resolve();
  #serverScope: string | null = null;
  #closed = false;
  /** Each agent's account view as last announced, to announce only what a reconciliation changed. */
  readonly #announced = new Map<string, string>();

  constructor(deps: TelegramServiceDeps) {
    this.#deps = deps;
    this.#logger = deps.logger.child({ module: 'telegram' });
  }

  /** Connects every agent that should be, and disconnects the rest. Call after anything changed. */
  reconcile(): Promise<void> {
    this.#reconciling = this.#reconciling.then(
      () => this.#reconcileNow(),
      () => this.#reconcileNow(),
    );
    return this.#reconciling;
  }

  /** The agent may act on Telegram now (connected or reconnecting: its work waits, it is not lost). */
  isActive(configName: string): boolean {
    return this.#loaded()?.accounts.account(configName) !== undefined;
  }

  /**
   * Ends the logins and the connections without waiting for Telegram: a reconciliation under way
   * gives up once its accounts are closed, and whatever it connected meanwhile goes too.
   */
  async close(): Promise<void> {
    this.#closed = true;
    // Logins and accounts still loading are closed once there; a load that failed left nothing open.
    const closing = this.#deps.telegram.loading()?.then(
      async ({ logins, accounts }) => {
        await logins.close();
        await accounts.disconnectAll();
      },
      () => {},
    );
    await this.#reconciling.catch(() => {});
    await closing;
    await this.#loaded()?.accounts.disconnectAll();
  }

  // ---- The console ----

  server(): TelegramServerView {
    try {
      return this.#server().view;
    } catch {
      return { mode: this.#deps.settings().telegramServer.mode, label: 'Not usable', source: 'settings' };
    }
  }

  accounts(): TelegramAccountView[] {
    return this.#deps.agents().map((agent) => this.view(agent.configName));
  }

  view(configName: string): TelegramAccountView {
    const agent = this.#agent(configName);
    const enabled = this.#deps.store.agentState.get(configName).enabled;
    const live = this.#loaded()?.accounts.view(configName);
    if (live) return { ...live, enabled };
    const base: TelegramAccountView = {
      configName,
      enabled,
      connection: 'logged-out',
      user: null,
      coolDownUntil: null,
      sendsStoppedUntil: null,
      problem: null,
    };
    let server: TelegramServer;
    try {
      server = this.#server();
    } catch (error) {
      return { ...base, connection: 'error', problem: (error as Error).message };
    }
    const user = this.#deps.vault.user(configName, server.sessionScope);
    const withUser = { ...base, user };
    if (!enabled || agent?.disabled) return { ...withUser, connection: 'disabled' };
    if (!user) return base;
    if (this.#deps.vault.unreadable(configName, server.sessionScope)) {
      return { ...withUser, connection: 'error', problem: UNREADABLE_SESSION_PROBLEM };
    }
    if (!this.#credentials()) {
      return {
        ...withUser,
        connection: 'error',
        problem: `Set the Telegram API id and hash in ${API_CREDENTIALS_SETTING}.`,
      };
    }
    return { ...withUser, connection: 'connecting' };
  }

  async startPhoneLogin(configName: string, phone: string): Promise<LoginStep> {
    this.#agentOrThrow(configName);
    const { logins } = await this.#deps.telegram.load();
    return asApiErrors(() => logins.start(configName, phone));
  }

  async startQrLogin(configName: string): Promise<LoginStep> {
    this.#agentOrThrow(configName);
    const { logins } = await this.#deps.telegram.load();
    return asApiErrors(() => logins.qr(configName));
  }

  async submitCode(configName: string, code: string): Promise<LoginStep> {
    const { logins } = await this.#deps.telegram.load();
    return asApiErrors(() => logins.code(configName, code));
  }

  async submitPassword(configName: string, password: string): Promise<LoginStep> {
    const { logins } = await this.#deps.telegram.load();
    return asApiErrors(() => logins.password(configName, password));
  }

  /** Nothing to cancel while nothing asked for Telegram: no login can have started. */
  async cancelLogin(configName: string): Promise<void> {
    const side = await this.#deps.telegram.loading();
    await side?.logins.cancel(configName);
  }

  async logout(configName: string): Promise<TelegramAccountView> {
    this.#agentOrThrow(configName);
    const { accounts, logins } = await this.#deps.telegram.load();
    await accounts.disconnect(configName);
    await asApiErrors(() => logins.logout(configName));
    this.#recordState(configName, { loginState: 'logged-out' });
    this.#logger.info({ configName }, 'logged out of Telegram');
    return this.#changed(configName);
  }

  async setEnabled(configName: string, enabled: boolean): Promise<TelegramAccountView> {
    const agent = this.#agentOrThrow(configName);
    if (enabled && agent.disabled) {
      throw new ApiError(
        'conflict',
        `${agent.name}'s file says Disabled; remove that section from ${agent.file} to enable the agent.`,
      );
    }
    this.#recordState(configName, { enabled });
    await this.reconcile();
    return this.#changed(configName);
  }

  resumeSends(configName: string): TelegramAccountView {
    this.#agentOrThrow(configName);
    this.#loaded()?.accounts.resumeSends(configName);
    this.#logger.info({ configName }, 'sends resumed by the operator');
    return this.view(configName);
  }

  // ---- Events from the login service and the accounts ----

  /** The account's connection changed: the console hears its view. */
  accountChanged(configName: string): void {
    this.#keepUser(configName);
    this.#changed(configName);
  }

  /** A login finished: remember the account, write its id into the agent file, connect it. */
  async loggedIn(configName: string, login: SavedTelegramSession): Promise<void> {
    this.#recordState(configName, { telegramId: login.user.id, loginState: 'logged-in' });
    const agent = this.#agent(configName);
    if (agent) await this.#writeIdBack(agent, login.user);
    await this.reconcile();
    this.#changed(configName);
  }

  /** Telegram ended the session (revoked, account deleted): a new login is needed. */
  async sessionEnded(configName: string, code: string): Promise<void> {
    this.#logger.warn({ configName, code }, 'Telegram ended the session; the agent needs a new login');
    try {
      this.#deps.vault.forget(configName, this.#server().sessionScope);
    } catch {
      // No usable server: nothing is connected either.
    }
    this.#recordState(configName, { loginState: 'logged-out' });
    await this.#loaded()?.accounts.disconnect(configName);
    this.#deps.onActiveChanged(configName);
    this.#changed(configName);
  }

  // ---- Internals ----

  async #reconcileNow(): Promise<void> {
    if (this.#closed) return;
    try {
      await this.#reconcileAccounts();
    } finally {
      // An edited agent file (Disabled added or removed, an agent renamed) changes what an account
      // view says without any connection changing: the console hears of it here.
      if (!this.#closed) this.#announceChanges();
    }
  }

  #announceChanges(): void {
    for (const agent of this.#deps.agents()) {
      const view = this.view(agent.configName);
      if (this.#announced.get(agent.configName) !== JSON.stringify(view)) this.#announce(view);
    }
  }

  async #reconcileAccounts(): Promise<void> {
    let server: TelegramServer | null = null;
    try {
      server = this.#server();
    } catch (error) {
      if (!(error instanceof TelegramServerConfigError)) throw error;
      this.#logger.warn({ reason: error.message }, 'the Telegram server setting is not usable');
    }
    const credentials = server ? this.#credentials() : null;
    const wanted = new Map<string, { agent: AgentConfig; saved: SavedTelegramSession }>();
    if (server && credentials) {
      const sessions = this.#deps.vault.list(server.sessionScope);
      for (const agent of this.#deps.agents()) {
        const saved = sessions.get(agent.configName);
        const enabled = this.#deps.store.agentState.get(agent.configName).enabled;
        if (saved && enabled && !agent.disabled) wanted.set(agent.configName, { agent, saved });
      }
    }
    // GramJS loads with the first account to connect; before that no account can be connected.
    const side = wanted.size > 0 ? await this.#deps.telegram.load() : this.#loaded();
    // Another server means other sessions: everything connected so far goes.
    if (server?.sessionScope !== this.#serverScope) {
      await side?.accounts.disconnectAll();
      this.#serverScope = server?.sessionScope ?? null;
    }
    for (const view of side?.accounts.views() ?? []) {
      if (wanted.has(view.configName)) continue;
      await side?.accounts.disconnect(view.configName);
      this.#deps.onActiveChanged(view.configName);
      this.#changed(view.configName);
    }
    if (!side || !server || !credentials) return;
    const connecting: Promise<void>[] = [];
    for (const [configName, { agent, saved }] of wanted) {
      if (this.#closed || side.accounts.account(configName)) continue;
      connecting.push(this.#connect(side, agent, saved, server, credentials));
    }
    await Promise.all(connecting);
  }

  async #connect(
    { accounts }: TelegramSide,
    agent: AgentConfig,
    saved: SavedTelegramSession,
    server: TelegramServer,
    credentials: NonNullable<ReturnType<typeof telegramCredentialsFrom>>,
  ): Promise<void> {
    const { telegramSessions } = this.#deps.store;
    const scope = server.sessionScope;
    const view = await accounts.connect(agent.configName, {
      session: saved.session,
      credentials,
      server,
      stickerSets: agent.stickerSets,
      updateState: {
        load: () => telegramSessions.updateState(agent.configName, scope),
        save: (state) => telegramSessions.saveUpdateState(agent.configName, scope, state),
      },
    });
    this.#logger.info(
      { configName: agent.configName, connection: view.connection },
      'Telegram account started',
    );
    // A session saved by another process (`troupe login` in a terminal) is a login too.
    const known = this.#deps.store.agentState.get(agent.configName);
    if (known.loginState !== 'logged-in' || known.telegramId !== saved.user.id) {
      this.#recordState(agent.configName, { telegramId: saved.user.id, loginState: 'logged-in' });
    }
    this.#deps.onActiveChanged(agent.configName);
  }

  async #writeIdBack(agent: AgentConfig, user: TelegramUser): Promise<void> {
    try {
      await writeTelegramIdToAgentFile(agent.file, user.id);
    } catch (error) {
      // The login stands; the operator can add the id by hand.
      this.#logger.warn(
        { configName: agent.configName, file: agent.file, reason: (error as Error).message },
        'could not write the Telegram id into the agent file',
      );
    }
  }

  /**
   * The stored account follows the connected one, renamed here or in a Telegram app: the console
   * names it so while it is away too. An unchanged account writes nothing.
   */
  #keepUser(configName: string): void {
    const user = this.#loaded()?.accounts.view(configName)?.user;
    if (!user) return;
    try {
      this.#deps.vault.updateUser(configName, this.#server().sessionScope, user);
    } catch (error) {
      if (!(error instanceof TelegramServerConfigError)) throw error;
    }
  }

  #recordState(configName: string, change: AgentStateChange): void {
    this.#deps.onAgentStateChanged(this.#deps.store.agentState.update(configName, change));
  }

  #changed(configName: string): TelegramAccountView {
    const view = this.view(configName);
    this.#announce(view);
    return view;
  }

  #announce(view: TelegramAccountView): void {
    this.#announced.set(view.configName, JSON.stringify(view));
    this.#deps.onAccountChanged(view);
  }

  #server(): TelegramServer {
    return this.#deps.server();
  }

  /** The accounts and logins, once something loaded them; null while no agent needed Telegram. */
  #loaded(): TelegramSide | null {
    return this.#deps.telegram.loaded();
  }

  /** Null while unset or unusable; the account views say what to fix. */
  #credentials() {
    try {
      return telegramCredentialsFrom(this.#deps.secrets);
    } catch {
      return null;
    }
  }

  #agent(configName: string): AgentConfig | undefined {
    return this.#deps.agents().find((agent) => agent.configName === configName);
  }

  #agentOrThrow(configName: string): AgentConfig {
    const agent = this.#agent(configName);
    if (!agent) throw new ApiError('not_found', `There is no agent named ${configName}.`);
    return agent;
  }
}

/** Login errors carry their API code; anything else stays an internal error. */
async function asApiErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof LoginError) throw new ApiError(error.kind, error.message);
    if (error instanceof TelegramServerConfigError) throw new ApiError('unavailable', error.message);
    throw error;
  }
}
