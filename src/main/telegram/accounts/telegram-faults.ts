import { errors } from 'telegram';
import { CallTimeoutError } from '../connection';

/**
 * What a failed Telegram call means for the account. GramJS raises RPC errors as classes
 * (FloodWaitError carries its seconds; the rest carry Telegram's UPPER_SNAKE `errorMessage`) and
 * network trouble as plain errors; this sorts them by what the caller must do next.
 */
export type TelegramFault =
  /** The whole account must pause: FLOOD_WAIT_X. */
  | { kind: 'flood-wait'; seconds: number; code: string }
  /** This chat must pause (SLOWMODE_WAIT_X); the account may go on elsewhere. */
  | { kind: 'chat-wait'; seconds: number; code: string }
  /** Telegram limited the account (PEER_FLOOD): sending to people must stop. */
  | { kind: 'send-limit'; code: string }
  /** The session is gone (revoked, expired, account deleted): a new login is needed. */
  | { kind: 'logged-out'; code: string }
  /** No answer, a dropped connection or a Telegram-side hiccup: trying again may work. */
  | { kind: 'transient'; code: string }
  /** Telegram refused this request (bad peer, blocked, no rights…): retrying cannot help. */
  | { kind: 'refused'; code: string };

const SEND_LIMIT_CODES = new Set(['PEER_FLOOD', 'USER_RESTRICTED']);

const LOGGED_OUT_CODES = new Set([
  'AUTH_KEY_UNREGISTERED',
  'AUTH_KEY_INVALID',
  'AUTH_KEY_DUPLICATED',
  'SESSION_REVOKED',
  'SESSION_EXPIRED',
  'USER_DEACTIVATED',
  'USER_DEACTIVATED_BAN',
]);

/** Telegram-side failures its docs say to retry. */
const TRANSIENT_CODES = new Set(['RPC_CALL_FAIL', 'RPC_MCGET_FAIL', 'TIMEOUT', 'INTERNAL']);

const FLOOD_WAIT = /^FLOOD_(?:PREMIUM_)?WAIT_(\d+)$/;
const SLOWMODE_WAIT = /^SLOWMODE_WAIT_(\d+)$/;

/** Telegram's error code of an RPC failure (FLOOD_WAIT_30, PEER_FLOOD…), or null for other errors. */
export function rpcErrorCode(error: unknown): string | null {
  if (error instanceof errors.FloodWaitError) return `FLOOD_WAIT_${error.seconds}`;
  if (error instanceof errors.SlowModeWaitError) return `SLOWMODE_WAIT_${error.seconds}`;
  if (error instanceof errors.RPCError) return error.errorMessage;
  return null;
}

export function classifyTelegramError(error: unknown): TelegramFault {
  if (error instanceof CallTimeoutError) return { kind: 'transient', code: 'NO_ANSWER' };
  const code = rpcErrorCode(error);
  if (code === null) return { kind: 'transient', code: 'NETWORK' };
  const flood = FLOOD_WAIT.exec(code);
  if (flood) return { kind: 'flood-wait', seconds: Number(flood[1]), code };
  const slowmode = SLOWMODE_WAIT.exec(code);
  if (slowmode) return { kind: 'chat-wait', seconds: Number(slowmode[1]), code };
  if (SEND_LIMIT_CODES.has(code)) return { kind: 'send-limit', code };
  if (LOGGED_OUT_CODES.has(code)) return { kind: 'logged-out', code };
  const status = error instanceof errors.RPCError ? error.code : undefined;
  if (TRANSIENT_CODES.has(code) || (status !== undefined && status >= 500))
    return { kind: 'transient', code };
  return { kind: 'refused', code };
}
