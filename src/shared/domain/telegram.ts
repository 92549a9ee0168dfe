import { z } from 'zod';

/**
 * Which Telegram an agent's account lives on. `test` is Telegram's own test data centres;
 * `custom` is any MTProto server (host:port) with its RSA public key, e.g. a local one for tests.
 * Sessions are kept per server, so test logins never mix with production ones.
 */
export const TELEGRAM_SERVER_MODES = ['production', 'test', 'custom'] as const;
export const TelegramServerModeSchema = z.enum(TELEGRAM_SERVER_MODES);
export type TelegramServerMode = z.infer<typeof TelegramServerModeSchema>;

/** host:port, with the host a name, an IPv4 address or a bracketed IPv6 address. */
export const HOST_PORT_PATTERN = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/;

export const TelegramServerSettingsSchema = z.object({
  mode: TelegramServerModeSchema,
  /** For `custom`: the server's host:port. */
  address: z
    .string()
    .trim()
    .refine((value) => value === '' || HOST_PORT_PATTERN.test(value), {
      message: 'Enter host:port, e.g. 127.0.0.1:8443.',
    }),
  /** For `custom`: the data centre id the server plays (its help.getConfig names it). */
  dcId: z.number().int().min(1).max(1000),
  /** For `custom`: the server's RSA public key in PEM form. */
  rsaPublicKeyPem: z
    .string()
    .trim()
    .refine((value) => value === '' || /-----BEGIN (RSA )?PUBLIC KEY-----/.test(value), {
      message: 'Paste the PEM text, starting with -----BEGIN RSA PUBLIC KEY-----.',
    }),
});
export type TelegramServerSettings = z.infer<typeof TelegramServerSettingsSchema>;

export const DEFAULT_TELEGRAM_SERVER_SETTINGS: TelegramServerSettings = {
  mode: 'production',
  address: '',
  dcId: 2,
  rsaPublicKeyPem: '',
};

/** Where the server choice in effect came from. */
export const TelegramServerSourceSchema = z.enum(['settings', 'environment']);

/** The server in effect, as the console shows it. */
export const TelegramServerViewSchema = z.object({
  mode: TelegramServerModeSchema,
  /** "Telegram", "Telegram test servers", or the custom host:port. */
  label: z.string(),
  source: TelegramServerSourceSchema,
});
export type TelegramServerView = z.infer<typeof TelegramServerViewSchema>;

export const CONNECTION_STATES = [
  /** No saved session on this server: log in first. */
  'logged-out',
  /** The operator switched the agent off (or its file says Disabled). */
  'disabled',
  'connecting',
  'connected',
  /** Lost the connection; retrying with backoff. */
  'reconnecting',
  /** Telegram API id/hash missing, or a problem the operator must fix (see `problem`). */
  'error',
] as const;
export const ConnectionStateSchema = z.enum(CONNECTION_STATES);
export type ConnectionState = z.infer<typeof ConnectionStateSchema>;

/**
 * Where an account stands in Telegram's update sequences: its common box (pts, qts, date, seq)
 * and each channel's pts (and access hash), by marked channel id. Updates after it are asked for
 * after a gap.
 */
export const TelegramUpdateStateSchema = z.object({
  pts: z.number().int().nonnegative(),
  qts: z.number().int().nonnegative(),
  date: z.number().int().nonnegative(),
  seq: z.number().int().nonnegative(),
  channels: z.record(z.string(), z.number().int().nonnegative()),
  /** Each channel's access hash (a decimal string), by marked id: a new client needs it to ask the channel. */
  channelAccessHashes: z.record(z.string(), z.string().regex(/^-?\d+$/)).optional(),
});
export type TelegramUpdateState = z.infer<typeof TelegramUpdateStateSchema>;

export const TelegramUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string().nullable(),
  phone: z.string().nullable(),
  premium: z.boolean(),
});
export type TelegramUser = z.infer<typeof TelegramUserSchema>;

/** An agent's Telegram account as the console shows it. */
export const TelegramAccountViewSchema = z.object({
  configName: z.string(),
  /** The operator switch (an agent file's Disabled wins over it). */
  enabled: z.boolean(),
  connection: ConnectionStateSchema,
  /** Null until the first login on this server. */
  user: TelegramUserSchema.nullable(),
  /** A flood wait is being waited out until then (ISO time); tasks resume after it. */
  coolDownUntil: z.string().nullable(),
  /** Telegram limited the account (PEER_FLOOD): outbound sends are stopped until then. */
  sendsStoppedUntil: z.string().nullable(),
  /** What went wrong last, in a sentence the operator can act on. */
  problem: z.string().nullable(),
});
export type TelegramAccountView = z.infer<typeof TelegramAccountViewSchema>;

/** Where a login stands; every call of the wizard answers with the next step. */
export const LoginStepSchema = z.discriminatedUnion('step', [
  z.object({
    step: z.literal('code'),
    phone: z.string(),
    /** Where Telegram sent the code: the Telegram app, SMS, a call, or elsewhere. */
    sentTo: z.enum(['app', 'sms', 'call', 'other']),
    codeLength: z.number().int().nullable(),
  }),
  z.object({ step: z.literal('password'), hint: z.string().nullable() }),
  z.object({
    step: z.literal('qr'),
    /** tg://login?token=… — shown as a QR code for the phone to scan. */
    url: z.string(),
    expiresAt: z.string(),
  }),
  z.object({ step: z.literal('done'), user: TelegramUserSchema }),
  /** The login ended without success (cancelled, expired); `message` says why. */
  z.object({ step: z.literal('failed'), message: z.string() }),
]);
export type LoginStep = z.infer<typeof LoginStepSchema>;
