import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FakeTelegram } from './api';
import { FAKE_API_HASH, FAKE_API_ID } from './client';
import { CONTROL_ROUTES, startControlServer } from './control-server';
import { startFakeTelegram } from './fake-telegram';
import { troupeServerEnv } from './server-env';

/**
 * A fake Telegram running on its own for other processes: the MTProto server on 127.0.0.1, its
 * RSA public key written to a file Troupe can be pointed at, and the control interface beside it.
 * scripts/fake-telegram.ts runs one from the command line; the demo starts one in its process.
 */

export interface StandaloneFakeTelegram {
  readonly fake: FakeTelegram;
  /** The control interface's base URL. */
  readonly controlUrl: string;
  /** The server's RSA public key (PEM), for TROUPE_TELEGRAM_RSA_KEY. */
  readonly keyFile: string;
  /** The variables that point `troupe serve`, `troupe login` or the desktop app at this server. */
  readonly env: Readonly<Record<string, string>>;
  /** What to tell a person who wants to connect Troupe to it. */
  describe(): string;
  close(): Promise<void>;
}

export interface StandaloneOptions {
  /** The control interface's port; any free one by default. */
  controlPort?: number;
  /** Where protocol problems go; standard error by default. */
  log?: (line: string) => void;
}

export async function startStandaloneFakeTelegram(
  options: StandaloneOptions = {},
): Promise<StandaloneFakeTelegram> {
  const fake = await startFakeTelegram(options.log ? { log: options.log } : {});
  const keyDir = mkdtempSync(join(tmpdir(), 'troupe-fake-telegram-'));
  const serverEnv = troupeServerEnv(fake, keyDir);
  let control: Awaited<ReturnType<typeof startControlServer>>;
  try {
    control = await startControlServer(fake, options.controlPort);
  } catch (error) {
    await fake.close();
    rmSync(keyDir, { recursive: true, force: true });
    throw error;
  }
  const address = `${fake.host}:${fake.port}`;
  const keyFile = serverEnv.TROUPE_TELEGRAM_RSA_KEY;
  const env = {
    ...serverEnv,
    TELEGRAM_API_ID: String(FAKE_API_ID),
    TELEGRAM_API_HASH: FAKE_API_HASH,
  };
  return {
    fake,
    controlUrl: control.url,
    keyFile,
    env,
    describe: () =>
      [
        `Fake Telegram (MTProto) on ${address}, data centre ${fake.dcId}.`,
        `Control interface: ${control.url}`,
        ...CONTROL_ROUTES.map((route) => `  ${route}`),
        '',
        'Point Troupe at it in Settings → Telegram server → Custom server with:',
        `  Address: ${address}`,
        `  Data centre id: ${fake.dcId}`,
        '  RSA public key:',
        fake.rsaPublicKeyPem.trimEnd(),
        `and any Telegram API id and hash (e.g. ${FAKE_API_ID} and ${FAKE_API_HASH}); or in the environment:`,
        ...Object.entries(env).map(([name, value]) => `  ${name}=${value}`),
      ].join('\n'),
    async close() {
      await control.close();
      await fake.close();
      rmSync(keyDir, { recursive: true, force: true });
    },
  };
}
