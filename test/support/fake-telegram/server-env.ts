import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FakeTelegram } from './api';

/** The variables that point Troupe at `fake`, its RSA key written into `dir` (server-key.pem). */
export function troupeServerEnv(
  fake: FakeTelegram,
  dir: string,
): { TROUPE_TELEGRAM_DC: string; TROUPE_TELEGRAM_DC_ID: string; TROUPE_TELEGRAM_RSA_KEY: string } {
  const keyFile = join(dir, 'server-key.pem');
  writeFileSync(keyFile, fake.rsaPublicKeyPem);
  return {
    TROUPE_TELEGRAM_DC: `${fake.host}:${fake.port}`,
    TROUPE_TELEGRAM_DC_ID: String(fake.dcId),
    TROUPE_TELEGRAM_RSA_KEY: keyFile,
  };
}
