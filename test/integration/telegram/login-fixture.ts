import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { createLogger } from '../../../src/main/logging';
import { createKeyFileCipher, type SecretCipher } from '../../../src/main/secrets';
import { DATABASE_FILE_NAME, openStore, type Store } from '../../../src/main/store';
import { resolveTelegramServer, type TelegramServer } from '../../../src/main/telegram/connection';
import {
  type SavedTelegramSession,
  SessionVault,
  TelegramLoginService,
  type TelegramLoginServiceDeps,
} from '../../../src/main/telegram/login';
import type { LoginStep } from '../../../src/shared/domain/telegram';
import { DEFAULT_TELEGRAM_SERVER_SETTINGS } from '../../../src/shared/domain/telegram';
import {
  FAKE_API_HASH,
  FAKE_API_ID,
  type FakeTelegram,
  type StartFakeTelegramOptions,
  startFakeTelegram,
} from '../../support/fake-telegram';

export const TEST_TIMEOUT_MS = 20_000;
/** Bound for one login call or one awaited event. */
export const STEP_MS = 5_000;

/** The fake as the product sees it: a custom server given by host:port and its RSA key. */
export function fakeServer(fake: FakeTelegram): TelegramServer {
  return resolveTelegramServer(
    DEFAULT_TELEGRAM_SERVER_SETTINGS,
    {
      TROUPE_TELEGRAM_DC: `${fake.host}:${fake.port}`,
      TROUPE_TELEGRAM_RSA_KEY: 'fake.pem',
      TROUPE_TELEGRAM_DC_ID: String(fake.dcId),
    },
    () => fake.rsaPublicKeyPem,
  );
}

export interface LoginHarness {
  fake: FakeTelegram;
  stateDir: string;
  store: Store;
  cipher: SecretCipher;
  vault: SessionVault;
  service: TelegramLoginService;
  /** Every onLoggedIn call, in order. */
  loggedIn: { configName: string; login: SavedTelegramSession }[];
  /** Every step the service announced by itself, in order. */
  steps: { configName: string; step: LoginStep }[];
  /** Resolves with the next announced step that `matches`. */
  nextStep(matches: (step: LoginStep) => boolean): Promise<LoginStep>;
  /** A second service on the same store, e.g. with other deps. */
  newService(overrides?: Partial<TelegramLoginServiceDeps>): TelegramLoginService;
}

/** A fake Telegram, a state directory with its database and key, and a login service over them. */
export function useLoginHarness(
  overrides: Partial<TelegramLoginServiceDeps> = {},
  fakeOptions: StartFakeTelegramOptions = {},
): () => LoginHarness {
  let harness: LoginHarness | undefined;
  let services: TelegramLoginService[] = [];
  beforeEach(async () => {
    const fake = await startFakeTelegram(fakeOptions);
    const stateDir = mkdtempSync(join(tmpdir(), 'troupe-login-'));
    const logger = createLogger({ level: 'silent' });
    const store = openStore({ file: join(stateDir, DATABASE_FILE_NAME), logger });
    const cipher = createKeyFileCipher({ stateDir, env: {} });
    const vault = new SessionVault({ repository: store.telegramSessions, cipher, logger });
    const loggedIn: LoginHarness['loggedIn'] = [];
    const steps: LoginHarness['steps'] = [];
    const waiters: { matches: (step: LoginStep) => boolean; resolve: (step: LoginStep) => void }[] = [];
    const newService = (more: Partial<TelegramLoginServiceDeps> = {}) => {
      const service = new TelegramLoginService({
        vault,
        server: () => fakeServer(fake),
        credentials: () => ({ apiId: FAKE_API_ID, apiHash: FAKE_API_HASH }),
        logger,
        onLoggedIn: (configName, login) => void loggedIn.push({ configName, login }),
        onStep: (configName, step) => {
          steps.push({ configName, step });
          for (const waiter of waiters.filter((candidate) => candidate.matches(step))) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(step);
          }
        },
        ...overrides,
        ...more,
      });
      services.push(service);
      return service;
    };
    harness = {
      fake,
      stateDir,
      store,
      cipher,
      vault,
      service: newService(),
      loggedIn,
      steps,
      nextStep: (matches) => new Promise((resolve) => waiters.push({ matches, resolve })),
      newService,
    };
  });
  afterEach(async () => {
    await Promise.all(services.map((service) => service.close()));
    services = [];
    await harness?.fake.close();
    harness?.store.close();
    if (harness) rmSync(harness.stateDir, { recursive: true, force: true });
    harness = undefined;
  });
  return () => {
    if (!harness) throw new Error('the login harness is not running');
    return harness;
  };
}
