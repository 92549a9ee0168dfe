import { Api, errors, password as srp, type TelegramClient } from 'telegram';
import { Raw } from 'telegram/events/index.js';
import type { LoginStep, TelegramUser } from '../../../shared/domain/telegram';
import {
  createTelegramClient,
  destroyTelegramClient,
  type TelegramApiCredentials,
  type TelegramServer,
} from '../connection';
import { telegramUserOf } from '../mapping';
import { withinDeadline } from './deadline';
import { LoginError } from './login-error';

/** Where a sign-in got to: logged in, or waiting for the account's two-step password. */
export type SignInOutcome =
  | { kind: 'authorized'; user: TelegramUser }
  | { kind: 'password-needed'; hint: string | null };

export type SentCode = Extract<LoginStep, { step: 'code' }> & { phoneCodeHash: string };

export type QrOutcome = SignInOutcome | { kind: 'token'; url: string; expiresAt: Date };

/**
 * One login's GramJS client on one server and the Telegram calls a login makes with it. Every
 * call is bounded by `stepTimeoutMs`; Telegram's errors come out as they are (see loginErrorFrom).
 */
export class LoginAttempt {
  readonly #client: TelegramClient;
  readonly #credentials: TelegramApiCredentials;
  readonly #stepTimeoutMs: number;
  readonly #signal: AbortSignal | undefined;
  readonly #qrScanHandler = new Raw({ types: [Api.UpdateLoginToken] });

  private constructor(
    client: TelegramClient,
    credentials: TelegramApiCredentials,
    stepTimeoutMs: number,
    signal: AbortSignal | undefined,
  ) {
    this.#client = client;
    this.#credentials = credentials;
    this.#stepTimeoutMs = stepTimeoutMs;
    this.#signal = signal;
  }

  /**
   * A fresh (logged-out) client, connected; destroyed again when connecting fails. `signal` ends
   * the wait for connecting and for every later call at once (the app is shutting down).
   */
  static async open(
    server: TelegramServer,
    credentials: TelegramApiCredentials,
    stepTimeoutMs: number,
    signal?: AbortSignal,
  ): Promise<LoginAttempt> {
    const client = createTelegramClient({ server, credentials, session: '', retries: 2 });
    try {
      const connected = await withinDeadline(
        client.connect(),
        stepTimeoutMs,
        `the connection to ${server.view.label}`,
        signal,
      );
      if (!connected)
        throw new LoginError('unavailable', `Cannot connect to ${server.view.label}; try again.`);
      signal?.throwIfAborted();
      return new LoginAttempt(client, credentials, stepTimeoutMs, signal);
    } catch (error) {
      await destroyTelegramClient(client).catch(() => {});
      throw error;
    }
  }

  async sendCode(phone: string): Promise<SentCode | SignInOutcome> {
    const sent = await this.#invoke(
      new Api.auth.SendCode({
        phoneNumber: phone,
        apiId: this.#credentials.apiId,
        apiHash: this.#credentials.apiHash,
        settings: new Api.CodeSettings({}),
      }),
      'the request for a login code',
    );
    if (sent instanceof Api.auth.SentCodeSuccess) return this.#authorized(sent.authorization);
    return {
      step: 'code',
      phone,
      sentTo: codeDestination(sent.type),
      codeLength: 'length' in sent.type && typeof sent.type.length === 'number' ? sent.type.length : null,
      phoneCodeHash: sent.phoneCodeHash,
    };
  }

  async signIn(phone: string, phoneCodeHash: string, code: string): Promise<SignInOutcome> {
    return this.#passwordIfNeeded(async () =>
      this.#authorized(
        await this.#invoke(
          new Api.auth.SignIn({ phoneNumber: phone, phoneCodeHash, phoneCode: code }),
          'the login code',
        ),
      ),
    );
  }

  /** Checks the two-step password with SRP; each try needs a fresh challenge from Telegram. */
  async checkPassword(password: string): Promise<TelegramUser> {
    const challenge = await this.#invoke(new Api.account.GetPassword(), 'the password challenge');
    const check = await srp.computeCheck(challenge, password);
    const outcome = this.#authorized(
      await this.#invoke(new Api.auth.CheckPassword({ password: check }), 'the two-step password'),
    );
    if (outcome.kind !== 'authorized')
      throw new LoginError('unavailable', 'Telegram did not accept the login.');
    return outcome.user;
  }

  async passwordHint(): Promise<string | null> {
    const info = await this.#invoke(new Api.account.GetPassword(), 'the password challenge');
    return info.hint || null;
  }

  /**
   * Asks for a QR login token. Once the phone has scanned the previous one, this answers with the
   * login instead (moving to the account's data centre first when Telegram says so).
   */
  async exportQrToken(): Promise<QrOutcome> {
    return this.#passwordIfNeeded(async () => {
      const exported = await this.#invoke(
        new Api.auth.ExportLoginToken({
          apiId: this.#credentials.apiId,
          apiHash: this.#credentials.apiHash,
          exceptIds: [],
        }),
        'the QR code request',
      );
      if (exported instanceof Api.auth.LoginToken) {
        return {
          kind: 'token' as const,
          url: `tg://login?token=${Buffer.from(exported.token).toString('base64url')}`,
          expiresAt: new Date(exported.expires * 1000),
        };
      }
      if (exported instanceof Api.auth.LoginTokenSuccess) return this.#authorized(exported.authorization);
      await withinDeadline(
        this.#client._switchDC(exported.dcId),
        this.#stepTimeoutMs,
        'the move to the account’s data centre',
        this.#signal,
      );
      const imported = await this.#invoke(
        new Api.auth.ImportLoginToken({ token: exported.token }),
        'the scanned QR code',
      );
      if (imported instanceof Api.auth.LoginTokenSuccess) return this.#authorized(imported.authorization);
      throw new LoginError(
        'unavailable',
        `Telegram answered the scanned QR code with ${imported.className}; try again.`,
      );
    });
  }

  /** Calls `listener` when Telegram announces that the phone scanned the QR code. */
  onQrScanned(listener: () => void): void {
    this.#client.addEventHandler(() => listener(), this.#qrScanHandler);
  }

  /** The StringSession of the logged-in client: what later connects the account without a login. */
  session(): string {
    const saved: unknown = this.#client.session.save();
    if (typeof saved !== 'string' || saved === '') throw new Error('GramJS produced no session string.');
    return saved;
  }

  async destroy(): Promise<void> {
    await destroyTelegramClient(this.#client);
  }

  async #invoke<R extends Api.AnyRequest>(request: R, what: string): Promise<R['__response']> {
    return withinDeadline(this.#client.invoke(request), this.#stepTimeoutMs, what, this.#signal);
  }

  /** Telegram answers SESSION_PASSWORD_NEEDED when the account has a two-step password. */
  async #passwordIfNeeded<T>(work: () => Promise<T>): Promise<T | SignInOutcome> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof errors.RPCError && error.errorMessage === 'SESSION_PASSWORD_NEEDED'))
        throw error;
      return { kind: 'password-needed', hint: await this.passwordHint() };
    }
  }

  #authorized(authorization: Api.auth.TypeAuthorization): SignInOutcome {
    if (authorization instanceof Api.auth.AuthorizationSignUpRequired) {
      throw new LoginError(
        'invalid_input',
        'No Telegram account uses this phone number; create the account with a Telegram app first.',
      );
    }
    return { kind: 'authorized', user: telegramUserOf(authorization.user) };
  }
}

function codeDestination(type: Api.auth.TypeSentCodeType): SentCode['sentTo'] {
  if (type instanceof Api.auth.SentCodeTypeApp) return 'app';
  if (type instanceof Api.auth.SentCodeTypeSms) return 'sms';
  if (
    type instanceof Api.auth.SentCodeTypeCall ||
    type instanceof Api.auth.SentCodeTypeFlashCall ||
    type instanceof Api.auth.SentCodeTypeMissedCall
  ) {
    return 'call';
  }
  return 'other';
}
