import type { AgentConfig } from '../../../shared/domain/config';
import {
  type ConnectionState,
  HOST_PORT_PATTERN,
  type LoginStep,
  type TelegramAccountView,
  type TelegramServerMode,
  type TelegramServerSettings,
  type TelegramUser,
} from '../../../shared/domain/telegram';

/**
 * What the Telegram views derive from the API's data: labels, countdowns, why an agent cannot be
 * enabled, and the checks of the server form. Pure functions, used by the store and the views.
 */

export const CONNECTION_LABELS: Record<ConnectionState, string> = {
  'logged-out': 'Logged out',
  disabled: 'Disabled',
  connecting: 'Connecting…',
  connected: 'Connected',
  reconnecting: 'Reconnecting…',
  error: 'Error',
};

export const CONNECTION_COLORS: Record<ConnectionState, string> = {
  'logged-out': 'gray',
  disabled: 'gray',
  connecting: 'yellow',
  connected: 'teal',
  reconnecting: 'orange',
  error: 'red',
};

export const SERVER_MODE_LABELS: Record<TelegramServerMode, string> = {
  production: 'Telegram',
  test: 'Telegram test servers',
  custom: 'Custom server',
};

type CodeStep = Extract<LoginStep, { step: 'code' }>;

const SENT_TO_PHRASES: Record<CodeStep['sentTo'], string> = {
  app: 'in the Telegram app of a device already logged in to',
  sms: 'by SMS to',
  call: 'by a phone call to',
  other: 'to',
};

/** "Telegram sent a code in the Telegram app of a device already logged in to +44 …". */
export function codeSentSentence({ sentTo, phone }: Pick<CodeStep, 'sentTo' | 'phone'>): string {
  return `Telegram sent a code ${SENT_TO_PHRASES[sentTo]} ${phone}.`;
}

/** "Mary Poppins (@mary)", or the name alone for an account without a username. */
export function userLabel(user: Pick<TelegramUser, 'name' | 'username'>): string {
  return user.username ? `${user.name} (@${user.username})` : user.name;
}

/** How long until `iso`, in ms; null when there is no deadline, it is unreadable, or it has passed. */
export function remainingMs(iso: string | null, now: number): number | null {
  if (iso === null) return null;
  const until = Date.parse(iso);
  if (Number.isNaN(until) || until <= now) return null;
  return until - now;
}

/** "0:07", "4:05", "1:02:03", and "2 d 3 h" past a day: a countdown rounded up to whole seconds. */
export function formatRemaining(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  if (days > 0) return `${days} d ${hours} h`;
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** Why the operator switch cannot turn the agent on, or null when it can. */
export function enableBlockedReason(config: Pick<AgentConfig, 'disabled'>): string | null {
  return config.disabled
    ? 'The agent file has a Disabled section, which wins over this switch. Remove it from the file to enable the agent.'
    : null;
}

/** Why an account's connection badge says Disabled: the file, or the operator's switch. */
export function disabledReason(
  config: Pick<AgentConfig, 'disabled'>,
  account: Pick<TelegramAccountView, 'enabled'>,
): string | null {
  if (config.disabled) return 'The agent file has a Disabled section.';
  return account.enabled ? null : 'Switched off by an operator.';
}

/**
 * Whether to offer Log in: no session on this server, or a problem a new login may fix. A switched
 * off agent that never logged in may log in ahead of being switched on.
 */
export function canLogIn(account: Pick<TelegramAccountView, 'connection' | 'user'>): boolean {
  const { connection, user } = account;
  return (
    connection === 'logged-out' || connection === 'error' || (connection === 'disabled' && user === null)
  );
}

/** Whether to offer Log out: the account has a session (`user` is only known after a login). */
export function canLogOut(account: Pick<TelegramAccountView, 'connection' | 'user'>): boolean {
  return account.connection !== 'logged-out' && account.user !== null;
}

/** Errors the server form catches before saving: a custom server needs its address and key. */
export function telegramServerDraftErrors(draft: TelegramServerSettings): Record<string, string> {
  if (draft.mode !== 'custom') return {};
  const errors: Record<string, string> = {};
  const address = draft.address.trim();
  if (address === '') errors['telegramServer.address'] = 'Enter the server’s host:port.';
  else if (!HOST_PORT_PATTERN.test(address))
    errors['telegramServer.address'] = 'Enter host:port, e.g. 127.0.0.1:8443.';
  if (!Number.isInteger(draft.dcId) || draft.dcId < 1 || draft.dcId > 1000)
    errors['telegramServer.dcId'] = 'Enter a whole number from 1 to 1000.';
  if (draft.rsaPublicKeyPem.trim() === '')
    errors['telegramServer.rsaPublicKeyPem'] = 'Paste the server’s RSA public key in PEM form.';
  return errors;
}

/** The fields of `draft` that differ from `saved`, as a settings patch. */
export function telegramServerChanges(
  draft: TelegramServerSettings,
  saved: TelegramServerSettings,
): Partial<TelegramServerSettings> {
  const patch: Partial<TelegramServerSettings> = {};
  for (const key of Object.keys(saved) as Array<keyof TelegramServerSettings>) {
    if (draft[key] !== saved[key]) Object.assign(patch, { [key]: draft[key] });
  }
  return patch;
}
