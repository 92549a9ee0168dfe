import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE_NAME } from '../../../src/main/store';
import { createTelegramClient, destroyTelegramClient } from '../../../src/main/telegram/connection';
import { SessionVault } from '../../../src/main/telegram/login';
import { FAKE_API_HASH, FAKE_API_ID, withTimeout } from '../../support/fake-telegram';
import { withRawDatabase } from '../../support/raw-database';
import { captureLogger } from '../../unit/app/capture-logger';
import { fakeServer, STEP_MS, TEST_TIMEOUT_MS, useLoginHarness } from './login-fixture';

const CREDENTIALS = { apiId: FAKE_API_ID, apiHash: FAKE_API_HASH };

describe('Telegram sessions after login', () => {
  const harness = useLoginHarness();
  const step = <T>(work: Promise<T>, what: string) => withTimeout(work, STEP_MS, what);

  async function logIn(phone: string, configName = 'Ada') {
    const { fake, service } = harness();
    const agent = fake.createUser({ phone, firstName: configName });
    await step(service.start(configName, phone), 'start');
    await step(service.code(configName, fake.lastCodeFor(phone)!), 'code');
    return agent;
  }

  it('stores the session encrypted, and it connects as the account', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { fake, vault, stateDir, loggedIn } = harness();
    const agent = await logIn('+44 7700 900301');
    const server = fakeServer(fake);
    const saved = vault.load('Ada', server.sessionScope);
    expect(saved?.session).toBe(loggedIn[0]?.login.session);

    withRawDatabase(join(stateDir, DATABASE_FILE_NAME), (db) => db.pragma('wal_checkpoint(TRUNCATE)'));
    const databaseBytes = Buffer.concat(
      readdirSync(stateDir)
        .filter((name) => name.startsWith('troupe.db'))
        .map((name) => readFileSync(join(stateDir, name))),
    );
    expect(databaseBytes.includes(Buffer.from(saved!.session))).toBe(false);
    expect(databaseBytes.includes(Buffer.from('"name":"Ada"'))).toBe(true);

    const client = createTelegramClient({ server, credentials: CREDENTIALS, session: saved!.session });
    try {
      await step(client.connect(), 'connect');
      expect((await step(client.getMe(), 'getMe')).id.toString()).toBe(agent.id.toString());
    } finally {
      await destroyTelegramClient(client);
    }
  });

  it('logout ends the session on Telegram and forgets it', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { fake, vault, service } = harness();
    await logIn('+44 7700 900302');
    const server = fakeServer(fake);
    const { session } = vault.load('Ada', server.sessionScope)!;
    await step(service.logout('Ada'), 'logout');
    expect(vault.load('Ada', server.sessionScope)).toBeNull();
    expect(fake.calls.some((call) => call.method === 'auth.LogOut')).toBe(true);

    const client = createTelegramClient({ server, credentials: CREDENTIALS, session });
    try {
      await step(client.connect(), 'connect');
      await expect(step(client.getMe(), 'getMe')).rejects.toMatchObject({
        errorMessage: 'AUTH_KEY_UNREGISTERED',
      });
    } finally {
      await destroyTelegramClient(client);
    }
  });

  it('logout forgets the session even when Telegram cannot be reached', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { fake, vault, newService } = harness();
    await logIn('+44 7700 900303');
    const scope = fakeServer(fake).sessionScope;
    await fake.close();
    const offline = newService({ stepTimeoutMs: 1_000 });
    await step(offline.logout('Ada'), 'logout');
    expect(vault.load('Ada', scope)).toBeNull();
  });

  it('keeps sessions of one server invisible under another', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { fake, vault } = harness();
    await logIn('+44 7700 900304');
    const scope = fakeServer(fake).sessionScope;
    expect([...vault.list(scope).keys()]).toEqual(['Ada']);
    expect(vault.load('Ada', 'production')).toBeNull();
    expect(vault.list('test').size).toBe(0);
    vault.save('Ada', 'test', 'another-session', {
      id: 1,
      name: 'Ada',
      username: null,
      phone: null,
      premium: false,
    });
    expect(vault.load('Ada', scope)?.session).not.toBe('another-session');
    expect(vault.forget('Ada', 'test')).toBe(true);
    expect(vault.load('Ada', scope)).not.toBeNull();
  });

  it('keeps a session it cannot decrypt, warns once and leaves it for the right key or a log-out', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { fake, store, vault } = harness();
    await logIn('+44 7700 900305');
    const scope = fakeServer(fake).sessionScope;
    const { session } = vault.load('Ada', scope)!;
    const { logger, warnings } = captureLogger();
    let decryptions = 0;
    const otherKey = new SessionVault({
      repository: store.telegramSessions,
      cipher: {
        kind: 'other-key',
        encrypt: (plain) => Buffer.from(plain),
        decrypt: () => {
          decryptions++;
          throw new Error('wrong key');
        },
      },
      logger,
    });
    expect(otherKey.load('Ada', scope)).toBeNull();
    expect(otherKey.list(scope).size).toBe(0);
    expect(otherKey.unreadable('Ada', scope)).toBe(true);
    // Account views ask on every render; the blob is tried once until a new login replaces it.
    const tried = decryptions;
    expect([1, 2, 3].map(() => otherKey.unreadable('Ada', scope))).toEqual([true, true, true]);
    expect(decryptions).toBe(tried);
    expect(otherKey.user('Ada', scope)?.name).toBe('Ada');
    expect(warnings().map((line) => line.msg)).toEqual([expect.stringContaining('cannot be decrypted')]);
    expect(JSON.stringify(warnings())).not.toContain(session);
    // The right key still reads it; only the operator's log-out removes it.
    expect(vault.load('Ada', scope)?.session).toBe(session);
    expect(otherKey.forget('Ada', scope)).toBe(true);
    expect(vault.load('Ada', scope)).toBeNull();
  });
});
