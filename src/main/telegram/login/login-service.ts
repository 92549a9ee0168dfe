import type { LoginStep, TelegramUser } from '../../../shared/domain/telegram';
import type { Logger } from '../../logging';
import type { TelegramApiCredentials, TelegramServer } from '../connection';
import { API_CREDENTIALS_SETTING } from './api-credentials';
import { connectErrorFrom, loginErrorFrom } from './gramjs-login-errors';
import { logOutSession } from './log-out-session';
import { LoginAttempt, type QrOutcome, type SignInOutcome } from './login-attempt';
import { LoginError } from './login-error';
import type { SavedTelegramSession, SessionVault } from './session-vault';

/** A login nobody moves on for this long is cancelled, so its client does not linger. */
const ABANDON_AFTER_MS = 10 * 60_000;
/** The longest one Telegram call of a login may take. */
const STEP_TIMEOUT_MS = 30_000;
/** A QR token is renewed this long before it expires, so the code on screen always works. */
const QR_RENEW_MARGIN_MS = 5_000;

export interface TelegramLoginServiceDeps {
  vault: SessionVault;
  /** The server in effect; read when a login starts, and the session is saved under its scope. */
  server: () => TelegramServer;
  /** The Telegram API id and hash, or null while the operator has not set them. */
  credentials: () => TelegramApiCredentials | null;
  logger: Logger;
  /** A login succeeded and its session is saved: the runtime connects the account. */
  onLoggedIn?: (configName: string, login: SavedTelegramSession) => void | Promise<void>;
  /** A login moved on by itself (new QR code, QR scanned, done, failed, abandoned). */
  onStep?: (configName: string, step: LoginStep) => void;
  abandonAfterMs?: number;
  stepTimeoutMs?: number;
}

type Waiting = { step: 'code'; phone: string; phoneCodeHash: string } | { step: 'password' } | { step: 'qr' };

interface ActiveLogin {
  readonly attempt: LoginAttempt;
  readonly server: TelegramServer;
  /** Null while the first request is on its way. */
  waiting: Waiting | null;
  abandonTimer: NodeJS.Timeout | undefined;
  qrTimer: NodeJS.Timeout | undefined;
}

/**
 * The login wizard behind the console and `troupe login`: a phone code, the two-step password
 * when the account has one, or a QR code scanned with the phone. At most one login per agent;
 * the calls for one agent run one after another. A wrong code or password throws a LoginError
 * and leaves the login on its step; errors that end it (banned number, flood wait, no server)
 * destroy its client.
 */
export class TelegramLoginService {
  readonly #deps: TelegramLoginServiceDeps;
  readonly #logger: Logger;
  readonly #abandonAfterMs: number;
  readonly #stepTimeoutMs: number;
  readonly #logins = new Map<string, ActiveLogin>();
  readonly #queues = new Map<string, Promise<unknown>>();
  /** Aborted on close: logins still connecting or waiting for Telegram give up at once. */
  readonly #closing = new AbortController();

  constructor(deps: TelegramLoginServiceDeps) {
    this.#deps = deps;
    this.#logger = deps.logger.child({ module: 'telegram-login' });
    this.#abandonAfterMs = deps.abandonAfterMs ?? ABANDON_AFTER_MS;
    this.#stepTimeoutMs = deps.stepTimeoutMs ?? STEP_TIMEOUT_MS;
  }

  /** Starts (or restarts) a phone login: Telegram sends a code. */
  start(configName: string, phone: string): Promise<LoginStep> {
    return this.#serially(configName, async () => {
      await this.#end(configName);
      const phoneNumber = `+${phone.replace(/\D/g, '')}`;
      const login = await this.#open(configName);
      try {
        const sent = await login.attempt.sendCode(phoneNumber);
        if ('kind' in sent) return await this.#advance(configName, login, sent);
        login.waiting = { step: 'code', phone: phoneNumber, phoneCodeHash: sent.phoneCodeHash };
        this.#logger.info({ configName, sentTo: sent.sentTo }, 'login code sent');
        const { phoneCodeHash: _hash, ...step } = sent;
        return step;
      } catch (error) {
        await this.#end(configName, login);
        throw this.#logged(configName, loginErrorFrom(error));
      }
    });
  }

  /** Starts (or restarts) a QR login; later codes and the result arrive through `onStep`. */
  qr(configName: string): Promise<LoginStep> {
    return this.#serially(configName, async () => {
      await this.#end(configName);
      const login = await this.#open(configName);
      login.attempt.onQrScanned(() => this.#continueQr(configName, login));
      try {
        return await this.#qrStep(configName, login, await login.attempt.exportQrToken());
      } catch (error) {
        await this.#end(configName, login);
        throw this.#logged(configName, loginErrorFrom(error));
      }
    });
  }

  code(configName: string, code: string): Promise<LoginStep> {
    return this.#serially(configName, async () => {
      const login = this.#waitingFor(configName, 'code');
      const digits = code.replace(/\D/g, '');
      if (digits === '') throw new LoginError('invalid_input', 'Enter the digits of the code Telegram sent.');
      const { phone, phoneCodeHash } = login.waiting as Extract<Waiting, { step: 'code' }>;
      return this.#step(configName, login, () => login.attempt.signIn(phone, phoneCodeHash, digits));
    });
  }

  password(configName: string, password: string): Promise<LoginStep> {
    return this.#serially(configName, async () => {
      const login = this.#waitingFor(configName, 'password');
      if (password === '') throw new LoginError('invalid_input', 'Enter the account’s two-step password.');
      return this.#step(configName, login, async () => ({
        kind: 'authorized',
        user: await login.attempt.checkPassword(password),
      }));
    });
  }

  /** Ends the agent's login in progress, if any; nothing is kept. */
  cancel(configName: string): Promise<void> {
    return this.#serially(configName, async () => {
      if (await this.#end(configName)) this.#logger.info({ configName }, 'login cancelled');
    });
  }

  /**
   * Logs the account out of Telegram (best effort: the session is forgotten even when Telegram
   * cannot be reached) and forgets its session on the server in effect.
   */
  logout(configName: string): Promise<void> {
    return this.#serially(configName, async () => {
      await this.#end(configName);
      const server = this.#server();
      const saved = this.#deps.vault.load(configName, server.sessionScope);
      const credentials = saved ? this.#deps.credentials() : null;
      if (saved && credentials) {
        try {
          await logOutSession(server, credentials, saved.session, this.#stepTimeoutMs);
        } catch (error) {
          this.#logger.warn(
            { configName, reason: loginErrorFrom(error).message },
            'Telegram did not confirm the log-out; the session is forgotten anyway',
          );
        }
      }
      this.#deps.vault.forget(configName, server.sessionScope);
    });
  }

  /**
   * Ends every login in progress at once (the runtime is shutting down): calls still waiting for
   * Telegram are given up rather than waited for, and no new login starts.
   */
  async close(): Promise<void> {
    this.#closing.abort(new LoginError('unavailable', 'Troupe is shutting down; log in after it restarts.'));
    await Promise.all([...this.#logins.keys()].map((configName) => this.#end(configName)));
  }

  async #open(configName: string): Promise<ActiveLogin> {
    const server = this.#server();
    let credentials: TelegramApiCredentials | null;
    try {
      credentials = this.#deps.credentials();
    } catch (error) {
      // E.g. the stored API hash no longer decrypts; the message says what to set again.
      throw error instanceof LoginError ? error : new LoginError('unavailable', (error as Error).message);
    }
    if (!credentials) {
      throw new LoginError(
        'unavailable',
        `Telegram logins need the API id and hash from my.telegram.org; set them in ${API_CREDENTIALS_SETTING}.`,
      );
    }
    let attempt: LoginAttempt;
    try {
      attempt = await LoginAttempt.open(server, credentials, this.#stepTimeoutMs, this.#closing.signal);
    } catch (error) {
      throw this.#logged(configName, connectErrorFrom(error, server.view.label));
    }
    const login: ActiveLogin = {
      attempt,
      server,
      waiting: null,
      abandonTimer: undefined,
      qrTimer: undefined,
    };
    this.#logins.set(configName, login);
    this.#keepAlive(configName, login);
    return login;
  }

  #server(): TelegramServer {
    try {
      return this.#deps.server();
    } catch (error) {
      throw new LoginError('unavailable', (error as Error).message);
    }
  }

  /** The agent's login, which must be waiting for `step`; else the step came out of order. */
  #waitingFor(configName: string, step: Waiting['step']): ActiveLogin {
    const login = this.#logins.get(configName);
    if (login?.waiting?.step === step) {
      this.#keepAlive(configName, login);
      return login;
    }
    const what = step === 'code' ? 'a code' : 'a password';
    throw new LoginError(
      'invalid_input',
      `No login of ${configName} is waiting for ${what}; start the login again.`,
    );
  }

  /** Runs an operator's step: input errors keep the login on its step, others end it. */
  async #step(
    configName: string,
    login: ActiveLogin,
    work: () => Promise<SignInOutcome>,
  ): Promise<LoginStep> {
    try {
      return await this.#advance(configName, login, await work());
    } catch (error) {
      const loginError = loginErrorFrom(error);
      if (loginError.kind === 'unavailable') await this.#end(configName, login);
      throw this.#logged(configName, loginError);
    }
  }

  async #advance(configName: string, login: ActiveLogin, outcome: SignInOutcome): Promise<LoginStep> {
    clearTimeout(login.qrTimer);
    if (outcome.kind === 'password-needed') {
      login.waiting = { step: 'password' };
      this.#logger.info({ configName }, 'login needs the two-step password');
      return { step: 'password', hint: outcome.hint };
    }
    return this.#finish(configName, login, outcome.user);
  }

  async #finish(configName: string, login: ActiveLogin, user: TelegramUser): Promise<LoginStep> {
    const session = login.attempt.session();
    this.#deps.vault.save(configName, login.server.sessionScope, session, user);
    await this.#end(configName, login);
    this.#logger.info({ configName, telegramId: user.id }, 'logged in to Telegram');
    try {
      await this.#deps.onLoggedIn?.(configName, { session, user });
    } catch (error) {
      this.#logger.error({ configName, err: error }, 'handling a finished login failed');
    }
    return { step: 'done', user };
  }

  async #qrStep(configName: string, login: ActiveLogin, outcome: QrOutcome): Promise<LoginStep> {
    if (outcome.kind !== 'token') return this.#advance(configName, login, outcome);
    login.waiting = { step: 'qr' };
    clearTimeout(login.qrTimer);
    const renewIn = Math.max(1_000, outcome.expiresAt.getTime() - Date.now() - QR_RENEW_MARGIN_MS);
    login.qrTimer = setTimeout(() => this.#continueQr(configName, login), renewIn).unref();
    return { step: 'qr', url: outcome.url, expiresAt: outcome.expiresAt.toISOString() };
  }

  /** Renews the QR code, or completes the login once the phone has scanned it. */
  #continueQr(configName: string, login: ActiveLogin): void {
    this.#inBackground(configName, login, async () => {
      if (login.waiting?.step !== 'qr') return null;
      return this.#qrStep(configName, login, await login.attempt.exportQrToken());
    });
  }

  /** Resets the abandon timer: the operator is still at it. */
  #keepAlive(configName: string, login: ActiveLogin): void {
    clearTimeout(login.abandonTimer);
    login.abandonTimer = setTimeout(() => {
      this.#inBackground(configName, login, async () => {
        await this.#end(configName, login);
        const minutes = Math.round(this.#abandonAfterMs / 60_000);
        this.#logger.info({ configName }, 'unfinished login cancelled');
        return {
          step: 'failed',
          message: `The login was left unfinished for ${minutes} minutes and has been cancelled; start it again.`,
        };
      });
    }, this.#abandonAfterMs).unref();
  }

  /** Work nobody awaits, on a login that may have ended meanwhile; its outcome goes to `onStep`. */
  #inBackground(configName: string, login: ActiveLogin, work: () => Promise<LoginStep | null>): void {
    void this.#serially(configName, async () => {
      if (this.#logins.get(configName) !== login) return;
      let step: LoginStep | null;
      try {
        step = await work();
      } catch (error) {
        await this.#end(configName, login);
        step = { step: 'failed', message: this.#logged(configName, loginErrorFrom(error)).message };
      }
      if (step) this.#emit(configName, step);
    });
  }

  #emit(configName: string, step: LoginStep): void {
    try {
      this.#deps.onStep?.(configName, step);
    } catch (error) {
      this.#logger.error({ configName, err: error }, 'a login step listener failed');
    }
  }

  /** Ends the agent's login (only `login`, when given). Returns whether one was running. */
  async #end(configName: string, login?: ActiveLogin): Promise<boolean> {
    const current = this.#logins.get(configName);
    if (!current || (login && current !== login)) return false;
    this.#logins.delete(configName);
    clearTimeout(current.abandonTimer);
    clearTimeout(current.qrTimer);
    try {
      await current.attempt.destroy();
    } catch (error) {
      this.#logger.warn({ configName, err: error }, 'stopping a login client failed');
    }
    return true;
  }

  #logged(configName: string, error: LoginError): LoginError {
    this.#logger.info({ configName, kind: error.kind, reason: error.message }, 'login step failed');
    return error;
  }

  /** Runs `work` after the agent's earlier calls have settled, so one login never races itself. */
  #serially<T>(configName: string, work: () => Promise<T>): Promise<T> {
    const result = (this.#queues.get(configName) ?? Promise.resolve()).then(work);
    const settled = result.then(
      () => {},
      () => {},
    );
    this.#queues.set(configName, settled);
    void settled.then(() => {
      if (this.#queues.get(configName) === settled) this.#queues.delete(configName);
    });
    return result;
  }
}
