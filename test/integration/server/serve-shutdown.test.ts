import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TelegramAccountView } from '../../../src/shared/domain/telegram';
import {
  FAKE_API_HASH,
  FAKE_API_ID,
  type FakeTelegram,
  startFakeTelegram,
  troupeServerEnv,
  waitFor,
} from '../../support/fake-telegram';
import { openServeApi, type ServeApi } from '../../support/serve-api';
import { type ServeProcess, startServe } from '../../support/serve-process';

/** What the operator is promised: serve is gone this long after SIGTERM, whatever Telegram does. */
const SHUTDOWN_BOUND_MS = 5_000;
const TEST_TIMEOUT_MS = 45_000;

function agentFile(name: string, phone: string): string {
  return `# Agent Name\n\n${name}\n\n# Agent Phone\n\n${phone}\n\n# Agent Instructions\n\nBe kind.\n`;
}

/**
 * `troupe serve` with an agent signed in to the fake Telegram, stopped while Telegram misbehaves:
 * the process must exit on time with the store closed.
 */
describe('troupe serve stops on time whatever state Telegram is in', () => {
  let root: string;
  let fake: FakeTelegram;
  let serve: ServeProcess | undefined;
  let api: ServeApi | undefined;

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'troupe-serve-shutdown-'));
    fake = await startFakeTelegram({ log: () => {} });
    const agents = join(root, 'config', 'agents');
    mkdirSync(agents, { recursive: true });
    writeFileSync(join(agents, 'Ada.md'), agentFile('Ada', '+44 7700 900501'));
    writeFileSync(join(agents, 'Bea.md'), agentFile('Bea', '+44 7700 900502'));
    serve = await startServe(
      ['--state', join(root, 'state'), '--config-path', join(root, 'config')],
      troupeServerEnv(fake, root),
    );
    api = await openServeApi(serve);
  });

  afterEach(async () => {
    api?.close();
    serve?.kill();
    await fake.close();
    rmSync(root, { recursive: true, force: true });
  });

  async function signInAda(): Promise<void> {
    const ada = fake.createUser({ phone: '+44 7700 900501', firstName: 'Ada' });
    const call = api?.call.bind(api) ?? (() => Promise.reject(new Error('no API')));
    await call('secrets.set', { name: 'telegram.apiId', value: String(FAKE_API_ID) });
    await call('secrets.set', { name: 'telegram.apiHash', value: FAKE_API_HASH });
    await call('telegram.login.start', { configName: 'Ada', phone: ada.phone });
    await call('telegram.login.code', { configName: 'Ada', code: fake.lastCodeFor(ada.phone) ?? '' });
    const deadline = Date.now() + 15_000;
    for (;;) {
      const { accounts } = (await call('telegram.accounts', {})) as { accounts: TelegramAccountView[] };
      if (accounts.find((account) => account.configName === 'Ada')?.connection === 'connected') return;
      if (Date.now() > deadline) throw new Error(`Ada did not connect: ${JSON.stringify(accounts)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** SIGTERM: serve exits cleanly within the bound, its store closed. */
  async function expectStopsOnTime(): Promise<void> {
    const server = serve;
    if (!server) throw new Error('serve is not running');
    const started = Date.now();
    const timeout = new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 20_000).unref());
    const code = await Promise.race([server.stop(), timeout]);
    if (code === 'hung') throw new Error(`troupe serve did not exit after SIGTERM:\n${server.output()}`);
    expect(Date.now() - started).toBeLessThan(SHUTDOWN_BOUND_MS);
    expect(code).toBe(0);
    // SQLite folds its write-ahead log into the database and deletes it when the last connection closes.
    expect(existsSync(join(root, 'state', 'troupe.db-wal'))).toBe(false);
  }

  it('exits on time when Telegram goes silent during a login and a connected account’s requests', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    await signInAda();
    const accepted = fake.connectionsAccepted;
    fake.stall();
    // Bea's login is left waiting on a server that no longer answers; Ada's pings go unanswered.
    void api?.call('telegram.login.qr', { configName: 'Bea' }).catch(() => {});
    await waitFor(() => fake.connectionsAccepted > accepted, 5_000, 'the login’s connection');

    await expectStopsOnTime();
  });

  it('exits on time when Telegram drops the connections and stalls the reconnects', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    await signInAda();
    const accepted = fake.connectionsAccepted;
    fake.stall();
    fake.disconnectAll();
    // GramJS reconnects by itself; the new connection is left hanging on the silent server.
    await waitFor(() => fake.connectionsAccepted > accepted, 5_000, 'GramJS reconnecting');

    await expectStopsOnTime();
  });

  it('exits on time right after Telegram dropped the connections, before GramJS reconnects', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    await signInAda();
    fake.disconnectAll();

    await expectStopsOnTime();
  });
});
