import { z } from 'zod';
import { isPhoneNumber, PHONE_NUMBER_HINT } from '../domain/phone-number';
import { LoginStepSchema, TelegramAccountViewSchema, TelegramServerViewSchema } from '../domain/telegram';

const AgentInput = z.object({ configName: z.string().min(1) }).strict();

/**
 * Telegram accounts: their state, the login wizard (phone code, 2FA password or QR code), log
 * out, and the operator's enable switch. Login errors the operator can fix (wrong code, wrong
 * password, expired code, banned number, flood wait) come back as `invalid_input` or
 * `unavailable` errors whose message says what to do; the wizard stays on its step.
 */
export const telegramProcedures = {
  'telegram.accounts': {
    input: z.object({}).strict(),
    output: z.object({ server: TelegramServerViewSchema, accounts: z.array(TelegramAccountViewSchema) }),
  },
  /** Starts (or restarts) a phone login: Telegram sends a code. */
  'telegram.login.start': {
    input: AgentInput.extend({
      phone: z.string().trim().refine(isPhoneNumber, PHONE_NUMBER_HINT),
    }).strict(),
    output: LoginStepSchema,
  },
  /** Starts (or restarts) a QR-code login; later tokens and the result arrive as telegram.loginStep events. */
  'telegram.login.qr': { input: AgentInput, output: LoginStepSchema },
  'telegram.login.code': {
    input: AgentInput.extend({
      code: z
        .string()
        .trim()
        .regex(/^[0-9 -]{3,12}$/, 'Enter the digits of the code Telegram sent.'),
    }).strict(),
    output: LoginStepSchema,
  },
  'telegram.login.password': {
    input: AgentInput.extend({
      password: z.string().min(1, 'Enter the account’s two-step password.'),
    }).strict(),
    output: LoginStepSchema,
  },
  /** Ends a login in progress; nothing is kept. */
  'telegram.login.cancel': { input: AgentInput, output: z.object({}) },
  /** Logs the account out of Telegram and forgets its session on this server. */
  'telegram.logout': { input: AgentInput, output: TelegramAccountViewSchema },
  /** Lifts a send stop after Telegram limited the account (the operator checked it with @SpamBot). */
  'telegram.resumeSends': { input: AgentInput, output: TelegramAccountViewSchema },
  /** The operator switch: connects or disconnects; a disabled agent's graphs wait, not lost. */
  'telegram.setEnabled': {
    input: AgentInput.extend({ enabled: z.boolean() }).strict(),
    output: TelegramAccountViewSchema,
  },
} as const;

export const telegramEvents = {
  'telegram.accountChanged': TelegramAccountViewSchema,
  /** A login moved on by itself: a fresh QR token, a QR scan that needs the password, done, failed. */
  'telegram.loginStep': z.object({ configName: z.string(), step: LoginStepSchema }),
} as const;
