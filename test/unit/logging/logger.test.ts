import { describe, expect, it } from 'vitest';
import { createLogger, REDACTED_KEYS } from '../../../src/main/logging';

function capturingLogger(options: { level?: string; env?: NodeJS.ProcessEnv } = {}) {
  const lines: string[] = [];
  const logger = createLogger({ ...options, destination: { write: (line: string) => lines.push(line) } });
  const records = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { logger, lines, records };
}

describe('createLogger', () => {
  it('keeps secret values out of the output at the top level and nested', () => {
    const { logger, lines } = capturingLogger();
    const plaintext = 'sk-live-do-not-log-me';
    logger.info(
      { apiKey: plaintext, request: { headers: { authorization: plaintext } } },
      'calling provider',
    );
    logger
      .child({ module: 'secrets' })
      .info({ input: { name: 'openai.apiKey', value: plaintext } }, 'secrets.set');
    logger.warn({ account: { sessionString: plaintext, apiHash: plaintext, password: plaintext } }, 'login');

    const output = lines.join('');
    expect(lines).toHaveLength(3);
    expect(output).not.toContain(plaintext);
    expect(output).toContain('[redacted]');
    expect(output).toContain('openai.apiKey');
  });

  it('redacts every listed key', () => {
    const { logger, records } = capturingLogger();
    logger.info(Object.fromEntries(REDACTED_KEYS.map((key) => [key, `plain-${key}`])), 'all keys');
    const [record] = records();
    for (const key of REDACTED_KEYS) expect(record?.[key]).toBe('[redacted]');
  });

  it('names child loggers by module', () => {
    const { logger, records } = capturingLogger();
    logger.child({ module: 'store' }).info('opened');
    expect(records()[0]).toMatchObject({ module: 'store', msg: 'opened', level: 30 });
  });

  it('takes the level from TROUPE_LOG_LEVEL', () => {
    const { logger, records } = capturingLogger({ env: { TROUPE_LOG_LEVEL: 'warn' } });
    logger.info('hidden');
    logger.warn('shown');
    expect(records().map((record) => record.msg)).toEqual(['shown']);
  });

  it('lets an explicit level win over the environment', () => {
    const { logger } = capturingLogger({ level: 'debug', env: { TROUPE_LOG_LEVEL: 'error' } });
    expect(logger.level).toBe('debug');
  });

  it('falls back to info and says so when the level is unknown', () => {
    const { logger, records } = capturingLogger({ env: { TROUPE_LOG_LEVEL: 'loud' } });
    expect(logger.level).toBe('info');
    expect(records()[0]).toMatchObject({ level: 40, requested: 'loud' });
  });
});
