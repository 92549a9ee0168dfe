import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { resolveTelegramServer, TelegramServerConfigError } from '../../../../src/main/telegram/connection';
import { DEFAULT_TELEGRAM_SERVER_SETTINGS } from '../../../../src/shared/domain/telegram';

const PEM = generateKeyPairSync('rsa', { modulusLength: 1024 })
  .publicKey.export({ type: 'pkcs1', format: 'pem' })
  .toString();
const noFile = (path: string): string => {
  throw new Error(`ENOENT: no such file, open '${path}'`);
};

describe('resolveTelegramServer', () => {
  it('uses production Telegram by default', () => {
    const server = resolveTelegramServer(DEFAULT_TELEGRAM_SERVER_SETTINGS, {}, noFile);
    expect(server).toMatchObject({
      mode: 'production',
      sessionScope: 'production',
      view: { label: 'Telegram', source: 'settings' },
    });
  });

  it('takes a custom server from the settings', () => {
    const server = resolveTelegramServer(
      { mode: 'custom', address: '127.0.0.1:8443', dcId: 3, rsaPublicKeyPem: PEM },
      {},
      noFile,
    );
    expect(server).toMatchObject({ mode: 'custom', host: '127.0.0.1', port: 8443, dcId: 3 });
    expect(server.view).toEqual({ mode: 'custom', label: '127.0.0.1:8443', source: 'settings' });
  });

  it('lets TROUPE_TELEGRAM_DC choose the test servers or a custom address with a key file', () => {
    expect(
      resolveTelegramServer(DEFAULT_TELEGRAM_SERVER_SETTINGS, { TROUPE_TELEGRAM_DC: 'test' }, noFile).view,
    ).toEqual({ mode: 'test', label: 'Telegram test servers', source: 'environment' });
    const files: Record<string, string> = { '/keys/server.pem': PEM };
    const server = resolveTelegramServer(
      DEFAULT_TELEGRAM_SERVER_SETTINGS,
      { TROUPE_TELEGRAM_DC: '[::1]:9000', TROUPE_TELEGRAM_RSA_KEY: '/keys/server.pem' },
      (path) => files[path] ?? noFile(path),
    );
    expect(server).toMatchObject({ mode: 'custom', host: '::1', port: 9000, dcId: 2 });
    expect(server.view.source).toBe('environment');
  });

  it('keeps the sessions of different servers apart', () => {
    const scopes = new Set(
      [
        resolveTelegramServer(DEFAULT_TELEGRAM_SERVER_SETTINGS, {}, noFile),
        resolveTelegramServer({ ...DEFAULT_TELEGRAM_SERVER_SETTINGS, mode: 'test' }, {}, noFile),
        resolveTelegramServer(
          { mode: 'custom', address: 'localhost:1', dcId: 2, rsaPublicKeyPem: PEM },
          {},
          noFile,
        ),
        resolveTelegramServer(
          { mode: 'custom', address: 'localhost:2', dcId: 2, rsaPublicKeyPem: PEM },
          {},
          noFile,
        ),
      ].map((server) => server.sessionScope),
    );
    expect(scopes.size).toBe(4);
  });

  it('says what to fix when the custom server is incomplete', () => {
    const attempt = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        expect(error).toBeInstanceOf(TelegramServerConfigError);
        return (error as Error).message;
      }
      throw new Error('expected a TelegramServerConfigError');
    };
    expect(
      attempt(() =>
        resolveTelegramServer(DEFAULT_TELEGRAM_SERVER_SETTINGS, { TROUPE_TELEGRAM_DC: 'x:1' }, noFile),
      ),
    ).toMatch(/TROUPE_TELEGRAM_RSA_KEY/);
    expect(
      attempt(() =>
        resolveTelegramServer(
          DEFAULT_TELEGRAM_SERVER_SETTINGS,
          { TROUPE_TELEGRAM_DC: 'x:1', TROUPE_TELEGRAM_RSA_KEY: '/missing.pem' },
          noFile,
        ),
      ),
    ).toMatch(/Cannot read TROUPE_TELEGRAM_RSA_KEY \(\/missing\.pem\)/);
    expect(
      attempt(() =>
        resolveTelegramServer({ mode: 'custom', address: '', dcId: 2, rsaPublicKeyPem: PEM }, {}, noFile),
      ),
    ).toMatch(/host:port/);
    expect(
      attempt(() =>
        resolveTelegramServer(
          { mode: 'custom', address: 'h:70000', dcId: 2, rsaPublicKeyPem: PEM },
          {},
          noFile,
        ),
      ),
    ).toMatch(/host:port/);
    expect(
      attempt(() =>
        resolveTelegramServer({ mode: 'custom', address: 'h:1', dcId: 2, rsaPublicKeyPem: '' }, {}, noFile),
      ),
    ).toMatch(/RSA public key/);
  });
});
