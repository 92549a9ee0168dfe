import { readFileSync } from 'node:fs';
import { createLogger } from '../../../src/main/logging';
import {
  type AccountConnectOptions,
  TelegramAccounts,
  type TelegramAccountsOptions,
} from '../../../src/main/telegram/accounts';
import { resolveTelegramServer, type TelegramServer } from '../../../src/main/telegram/connection';
import { TelegramMessagingPort } from '../../../src/main/telegram/port';
import {
  FAKE_API_HASH,
  FAKE_API_ID,
  type FakeTelegram,
  type FakeUser,
  startFakeTelegram,
} from '../../support/fake-telegram';

/** Per-test timeout; every network wait inside is bounded more tightly. */
export const TEST_TIMEOUT_MS = 20_000;
/** Bound on each Telegram call in these tests (production uses 30 s). */
export const CALL_TIMEOUT_MS = 5_000;

export const silentLogger = createLogger({ level: 'silent' });

/** The fake as the product's custom-server mode sees it. */
export function fakeServer(fake: FakeTelegram): TelegramServer {
  return resolveTelegramServer(
    {
      mode: 'custom',
      address: `${fake.host}:${fake.port}`,
      dcId: fake.dcId,
      rsaPublicKeyPem: fake.rsaPublicKeyPem,
    },
    {},
    (path) => readFileSync(path, 'utf8'),
  );
}

/** A fake Telegram, an account registry on it and the port over that registry. */
export interface TelegramTestbed {
  fake: FakeTelegram;
  accounts: TelegramAccounts;
  port: TelegramMessagingPort;
  /** Connect options for a user of the fake, logged in already. */
  connectOptions(user: FakeUser, extra?: Partial<AccountConnectOptions>): Promise<AccountConnectOptions>;
  /** A new registry and port on the same fake, as after a restart of the app. */
  restart(): void;
  close(): Promise<void>;
}

export async function startTelegramTestbed(
  accountOptions: Partial<TelegramAccountsOptions> = {},
): Promise<TelegramTestbed> {
  const fake = await startFakeTelegram();
  const server = fakeServer(fake);
  const build = () => {
    const accounts = new TelegramAccounts({
      logger: silentLogger,
      callTimeoutMs: CALL_TIMEOUT_MS,
      reconnect: { initialDelayMs: 2_000, maxDelayMs: 4_000 },
      ...accountOptions,
    });
    return {
      accounts,
      port: new TelegramMessagingPort({ accounts, logger: silentLogger, clock: accountOptions.clock }),
    };
  };
  const retired: { accounts: TelegramAccounts; port: TelegramMessagingPort }[] = [];
  const testbed: TelegramTestbed = {
    fake,
    ...build(),
    async connectOptions(user, extra = {}) {
      return {
        session: await fake.createSession(user.id),
        credentials: { apiId: FAKE_API_ID, apiHash: FAKE_API_HASH },
        server,
        ...extra,
      };
    },
    restart() {
      retired.push({ accounts: testbed.accounts, port: testbed.port });
      Object.assign(testbed, build());
    },
    async close() {
      for (const { accounts, port } of [...retired, testbed]) {
        port.close();
        await accounts.disconnectAll();
      }
      await fake.close();
    },
  };
  return testbed;
}
