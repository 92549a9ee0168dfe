import { randomBytes, randomInt } from 'node:crypto';
import { Api } from 'telegram';
import { badRequest, unauthorized } from './rpc-failure';
import { checkProof, newChallenge, passwordAnswer, type SrpChallenge } from './srp';
import { type AuthKeyRecord, normalizePhone, type Store, type UserRecord } from './store';
import type { Views } from './views';

/**
 * Telegram's login rules: codes sent "to the app", the 2FA password step, QR login tokens, and
 * the errors each step can end in. A login binds the caller's auth key to the account.
 */

interface SentCode {
  readonly code: string;
  readonly hash: string;
  expired: boolean;
}

interface QrToken {
  readonly token: Buffer;
  readonly authKeyId: string;
  readonly expires: number;
  acceptedBy: bigint | null;
}

/** How long an exported login token (the QR code) stays valid by default, as on Telegram. */
const QR_TOKEN_SECONDS = 30;

const now = () => Math.floor(Date.now() / 1000);

export class LoginDesk {
  readonly #store: Store;
  readonly #views: Views;
  readonly #notifyAuthKey: (authKeyId: string, updates: Api.TypeUpdates) => void;
  readonly #codes = new Map<string, SentCode>();
  readonly #banned = new Set<string>();
  /** Auth keys past the code (or QR) step of an account with a password. */
  readonly #awaitingPassword = new Map<string, { userId: bigint; challenge: SrpChallenge | null }>();
  readonly #qrTokens = new Map<string, QrToken>();
  readonly #qrTokenSeconds: number;

  constructor(
    store: Store,
    views: Views,
    notifyAuthKey: (authKeyId: string, updates: Api.TypeUpdates) => void,
    qrTokenSeconds = QR_TOKEN_SECONDS,
  ) {
    this.#qrTokenSeconds = qrTokenSeconds;
    this.#store = store;
    this.#views = views;
    this.#notifyAuthKey = notifyAuthKey;
  }

  // --- what tests do ---

  lastCodeFor(phone: string): string | undefined {
    return this.#codes.get(normalizePhone(phone))?.code;
  }

  expireCode(phone: string): void {
    const sent = this.#codes.get(normalizePhone(phone));
    if (sent) sent.expired = true;
  }

  banPhone(phone: string): void {
    this.#banned.add(normalizePhone(phone));
  }

  /** The QR login token issued last (what a QR code on screen holds). */
  lastQrToken(): Buffer | undefined {
    return [...this.#qrTokens.values()].at(-1)?.token;
  }

  /** The phone "scans" the QR code: the token (bytes, or base64url from tg://login?token=) is accepted. */
  scanQrLogin(token: Buffer | string, userId: bigint): void {
    const bytes = typeof token === 'string' ? Buffer.from(token, 'base64url') : token;
    const entry = this.#qrTokens.get(bytes.toString('hex'));
    if (!entry) throw new Error('no such QR login token');
    if (entry.expires < now()) throw new Error('the QR login token has expired');
    if (!this.#store.user(userId)) throw new Error(`no user ${userId}`);
    entry.acceptedBy = userId;
    this.#notifyAuthKey(
      entry.authKeyId,
      new Api.UpdateShort({ update: new Api.UpdateLoginToken(), date: now() }),
    );
  }

  // --- what clients call ---

  sendCode(phone: string): Api.auth.SentCode {
    const digits = normalizePhone(phone);
    if (this.#banned.has(digits)) throw badRequest('PHONE_NUMBER_BANNED');
    if (!this.#store.userByPhone(digits)) throw badRequest('PHONE_NUMBER_INVALID');
    const sent: SentCode = {
      code: String(randomInt(10_000, 100_000)),
      hash: randomBytes(8).toString('hex'),
      expired: false,
    };
    this.#codes.set(digits, sent);
    return new Api.auth.SentCode({
      type: new Api.auth.SentCodeTypeApp({ length: sent.code.length }),
      phoneCodeHash: sent.hash,
    });
  }

  /** A new code for a login in progress (the wizard's "send again"). */
  resendCode(phone: string, phoneCodeHash: string): Api.auth.SentCode {
    if (this.#codes.get(normalizePhone(phone))?.hash !== phoneCodeHash)
      throw badRequest('PHONE_CODE_EXPIRED');
    return this.sendCode(phone);
  }

  cancelCode(phone: string): boolean {
    return this.#codes.delete(normalizePhone(phone));
  }

  signIn(authKey: AuthKeyRecord, phone: string, phoneCodeHash: string, code: string): Api.auth.Authorization {
    const digits = normalizePhone(phone);
    if (this.#banned.has(digits)) throw badRequest('PHONE_NUMBER_BANNED');
    if (!code) throw badRequest('PHONE_CODE_EMPTY');
    const sent = this.#codes.get(digits);
    if (!sent || sent.hash !== phoneCodeHash || sent.expired) throw badRequest('PHONE_CODE_EXPIRED');
    if (sent.code !== code) throw badRequest('PHONE_CODE_INVALID');
    const user = this.#store.userByPhone(digits);
    if (!user) throw badRequest('PHONE_NUMBER_UNOCCUPIED');
    this.#codes.delete(digits);
    return this.#complete(authKey, user);
  }

  getPassword(authKey: AuthKeyRecord): Api.account.Password {
    const pending = this.#awaitingPassword.get(authKey.id);
    const user = this.#store.user(pending?.userId ?? authKey.userId ?? -1n);
    if (!user?.password) {
      return new Api.account.Password({
        newAlgo: new Api.PasswordKdfAlgoUnknown(),
        newSecureAlgo: new Api.SecurePasswordKdfAlgoUnknown(),
        secureRandom: randomBytes(32),
      });
    }
    const challenge = newChallenge(user.password);
    this.#awaitingPassword.set(authKey.id, { userId: user.id, challenge });
    return passwordAnswer(user.password, challenge);
  }

  checkPassword(authKey: AuthKeyRecord, check: Api.TypeInputCheckPasswordSRP): Api.auth.Authorization {
    const pending = this.#awaitingPassword.get(authKey.id);
    const user = pending && this.#store.user(pending.userId);
    if (!pending?.challenge || !user?.password) throw badRequest('SRP_ID_INVALID');
    // An srp_B answers one attempt only; the client asks account.getPassword again to retry.
    const { challenge } = pending;
    pending.challenge = null;
    if (
      !(check instanceof Api.InputCheckPasswordSRP) ||
      check.srpId.toString() !== challenge.srpId.toString()
    ) {
      throw badRequest('SRP_ID_INVALID');
    }
    if (!checkProof(user.password, challenge, check.A, check.M1)) throw badRequest('PASSWORD_HASH_INVALID');
    this.#awaitingPassword.delete(authKey.id);
    authKey.userId = user.id;
    return this.#authorization(user);
  }

  exportLoginToken(authKey: AuthKeyRecord): Api.auth.TypeLoginToken {
    for (const [key, entry] of this.#qrTokens) {
      if (entry.authKeyId !== authKey.id || entry.acceptedBy === null) continue;
      this.#qrTokens.delete(key);
      return this.#tokenSuccess(authKey, entry.acceptedBy);
    }
    for (const [key, entry] of this.#qrTokens) if (entry.authKeyId === authKey.id) this.#qrTokens.delete(key);
    const entry: QrToken = {
      token: randomBytes(32),
      authKeyId: authKey.id,
      expires: now() + this.#qrTokenSeconds,
      acceptedBy: null,
    };
    this.#qrTokens.set(entry.token.toString('hex'), entry);
    return new Api.auth.LoginToken({ expires: entry.expires, token: entry.token });
  }

  importLoginToken(authKey: AuthKeyRecord, token: Buffer): Api.auth.TypeLoginToken {
    const entry = this.#qrTokens.get(token.toString('hex'));
    if (!entry) throw badRequest('AUTH_TOKEN_INVALID');
    if (entry.expires < now()) throw badRequest('AUTH_TOKEN_EXPIRED');
    if (entry.acceptedBy === null)
      return new Api.auth.LoginToken({ expires: entry.expires, token: entry.token });
    this.#qrTokens.delete(token.toString('hex'));
    return this.#tokenSuccess(authKey, entry.acceptedBy);
  }

  logOut(authKey: AuthKeyRecord): Api.auth.LoggedOut {
    authKey.userId = null;
    return new Api.auth.LoggedOut({});
  }

  #tokenSuccess(authKey: AuthKeyRecord, userId: bigint): Api.auth.LoginTokenSuccess {
    const user = this.#store.user(userId);
    if (!user) throw badRequest('AUTH_TOKEN_INVALID');
    return new Api.auth.LoginTokenSuccess({ authorization: this.#complete(authKey, user) });
  }

  /** Logs the key in, unless the account has a password: then SESSION_PASSWORD_NEEDED. */
  #complete(authKey: AuthKeyRecord, user: UserRecord): Api.auth.Authorization {
    if (user.password) {
      this.#awaitingPassword.set(authKey.id, { userId: user.id, challenge: null });
      throw unauthorized('SESSION_PASSWORD_NEEDED');
    }
    authKey.userId = user.id;
    return this.#authorization(user);
  }

  #authorization(user: UserRecord): Api.auth.Authorization {
    return new Api.auth.Authorization({ user: this.#views.user(user, user.id) });
  }
}
