import { pino } from 'pino';

export type Logger = pino.Logger;
export type LogLevel = pino.LevelWithSilent;

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const DEFAULT_LOG_LEVEL: LogLevel = 'info';

/**
 * Keys whose values never reach a log line, whatever object they sit in. `value` is on the list
 * because secret calls carry the plaintext under it (`secrets.set` input); log ordinary values
 * under a more specific key.
 */
export const REDACTED_KEYS = [
  'apiKey',
  'apiHash',
  'apiId',
  'password',
  'token',
  'secret',
  'value',
  'sessionString',
  'session',
  'authorization',
  'phoneCode',
] as const;

/** Redaction wildcards match one level each, so cover the logged object and two levels below it. */
const REDACTION_DEPTH = 3;

function redactionPaths(): string[] {
  const prefixes = Array.from({ length: REDACTION_DEPTH }, (_, depth) => '*.'.repeat(depth));
  return prefixes.flatMap((prefix) => REDACTED_KEYS.map((key) => `${prefix}${key}`));
}

function isLogLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}

export interface CreateLoggerOptions {
  /** Explicit level; wins over `TROUPE_LOG_LEVEL`. */
  level?: string;
  env?: NodeJS.ProcessEnv;
  /** Where JSON lines go; stdout when absent. */
  destination?: pino.DestinationStream;
}

/**
 * The root logger of a process. Modules take it as a dependency and log through a named child:
 * `logger.child({ module: 'store' })`.
 */
export function createLogger(options: CreateLoggerOptions = {}): Logger {
  const requested = (options.level ?? options.env?.TROUPE_LOG_LEVEL ?? '').trim().toLowerCase();
  const level = isLogLevel(requested) ? requested : DEFAULT_LOG_LEVEL;
  const logger = pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: redactionPaths(), censor: '[redacted]' },
    },
    options.destination,
  );
  if (requested !== '' && !isLogLevel(requested)) {
    logger.warn({ requested, allowed: LOG_LEVELS }, `unknown log level; using "${DEFAULT_LOG_LEVEL}"`);
  }
  return logger;
}
