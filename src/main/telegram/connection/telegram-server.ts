import type { TelegramServerSettings, TelegramServerView } from '../../../shared/domain/telegram';
import { HOST_PORT_PATTERN } from '../../../shared/domain/telegram';

/** The Telegram an account connects to, resolved from settings and the environment. */
export type TelegramServer =
  | { mode: 'production'; view: TelegramServerView; sessionScope: string }
  | { mode: 'test'; view: TelegramServerView; sessionScope: string }
  | {
      mode: 'custom';
      view: TelegramServerView;
      sessionScope: string;
      host: string;
      port: number;
      dcId: number;
      rsaPublicKeyPem: string;
    };

/** A server choice that cannot work; the message says what to fix. */
export class TelegramServerConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TelegramServerConfigError';
  }
}

export interface TelegramServerEnvironment {
  /** `test`, or host:port of a custom MTProto server. */
  TROUPE_TELEGRAM_DC?: string;
  /** Path of the custom server's RSA public key (PEM). */
  TROUPE_TELEGRAM_RSA_KEY?: string;
  /** The data centre id the custom server plays (2 by default). */
  TROUPE_TELEGRAM_DC_ID?: string;
}

/**
 * The server in effect: TROUPE_TELEGRAM_DC when set, else the settings. `sessionScope` names the
 * server in session storage, so a login made on one server is never used on another.
 */
export function resolveTelegramServer(
  settings: TelegramServerSettings,
  env: TelegramServerEnvironment,
  readFile: (path: string) => string,
): TelegramServer {
  const fromEnv = env.TROUPE_TELEGRAM_DC?.trim();
  if (fromEnv) {
    if (fromEnv === 'test') return testServer('environment');
    if (fromEnv === 'production') return productionServer('environment');
    const keyPath = env.TROUPE_TELEGRAM_RSA_KEY?.trim();
    if (!keyPath) {
      throw new TelegramServerConfigError(
        'TROUPE_TELEGRAM_DC names a custom server; set TROUPE_TELEGRAM_RSA_KEY to the path of its RSA public key (PEM).',
      );
    }
    let pem: string;
    try {
      pem = readFile(keyPath);
    } catch (error) {
      throw new TelegramServerConfigError(
        `Cannot read TROUPE_TELEGRAM_RSA_KEY (${keyPath}): ${(error as Error).message}`,
      );
    }
    const dcId = Number(env.TROUPE_TELEGRAM_DC_ID?.trim() || 2);
    if (!Number.isInteger(dcId) || dcId < 1) {
      throw new TelegramServerConfigError('TROUPE_TELEGRAM_DC_ID must be a whole number, e.g. 2.');
    }
    return customServer(fromEnv, dcId, pem, 'environment', 'TROUPE_TELEGRAM_DC');
  }
  switch (settings.mode) {
    case 'production':
      return productionServer('settings');
    case 'test':
      return testServer('settings');
    case 'custom':
      return customServer(
        settings.address,
        settings.dcId,
        settings.rsaPublicKeyPem,
        'settings',
        'the custom server address in Settings → Telegram',
      );
  }
}

function productionServer(source: TelegramServerView['source']): TelegramServer {
  return {
    mode: 'production',
    view: { mode: 'production', label: 'Telegram', source },
    sessionScope: 'production',
  };
}

function testServer(source: TelegramServerView['source']): TelegramServer {
  return {
    mode: 'test',
    view: { mode: 'test', label: 'Telegram test servers', source },
    sessionScope: 'test',
  };
}

function customServer(
  address: string,
  dcId: number,
  pem: string,
  source: TelegramServerView['source'],
  where: string,
): TelegramServer {
  const match = HOST_PORT_PATTERN.exec(address.trim());
  const port = Number(match?.[2]);
  if (!match || port < 1 || port > 65535) {
    throw new TelegramServerConfigError(`Set ${where} to host:port, e.g. 127.0.0.1:8443 (got "${address}").`);
  }
  if (!/-----BEGIN (RSA )?PUBLIC KEY-----/.test(pem)) {
    throw new TelegramServerConfigError(
      'The custom server needs its RSA public key in PEM form (-----BEGIN RSA PUBLIC KEY-----).',
    );
  }
  const host = match[1]!.replace(/^\[|\]$/g, '');
  const label = `${match[1]}:${port}`;
  return {
    mode: 'custom',
    view: { mode: 'custom', label, source },
    sessionScope: `custom:${label}:${dcId}`,
    host,
    port,
    dcId,
    rsaPublicKeyPem: pem,
  };
}
