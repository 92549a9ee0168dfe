export { type CreateLoggerOptions, createLogger, type Logger, type LogLevel, REDACTED_KEYS } from './logger';
