import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runServe } from '../../../src/main/cli/serve';
import { createLogger } from '../../../src/main/logging';
import { createKeyFileCipher } from '../../../src/main/secrets';
import { DATABASE_FILE_NAME, openStore } from '../../../src/main/store';
import { SessionVault } from '../../../src/main/telegram/login';
import { REPO_ROOT } from '../../support/serve-process';

const KEY_A = 'a'.repeat(64);
const KEY_B = 'b'.repeat(64);
const ADA = { id: 4242, name: 'Ada', username: 'ada', phone: null, premium: false };

let state: string;
afterEach(() => rmSync(state, { recursive: true, force: true }));

/** Runs serve on `state` with the key until it printed its link (then stops it) or gave up. */
async function serveWithKey(key: string): Promise<{ code: number; stderr: string }> {
  const signals = new EventEmitter();
  const err: string[] = [];
  const exited = runServe(['--port', '0', '--state', state], {
    stdout: (text) => {
      if (text.includes('Troupe console:')) signals.emit('SIGTERM');
    },
    stderr: (text) => err.push(text),
    env: { TROUPE_LOG_LEVEL: 'warn', TROUPE_SECRET_KEY: key },
    cwd: state,
    appRoot: REPO_ROOT,
    signals,
  });
  return { code: await exited, stderr: err.join('') };
}

function vaultWith(key: string) {
  const logger = createLogger({ level: 'silent' });
  const store = openStore({ file: join(state, DATABASE_FILE_NAME), logger });
  const cipher = createKeyFileCipher({ stateDir: state, env: { TROUPE_SECRET_KEY: key } });
  return { store, vault: new SessionVault({ repository: store.telegramSessions, cipher, logger }) };
}

describe('troupe serve with another secret key', () => {
  it('refuses to start, says why and what to do, and keeps the sign-ins', { timeout: 30_000 }, async () => {
    state = mkdtempSync(join(tmpdir(), 'troupe-serve-key-'));
    expect((await serveWithKey(KEY_A)).code).toBe(0);
    const first = vaultWith(KEY_A);
    first.vault.save('Ada', 'custom:127.0.0.1', 'the-session-string', ADA);
    first.store.close();

    const wrong = await serveWithKey(KEY_B);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('troupe serve could not start');
    expect(wrong.stderr).toContain('the key in TROUPE_SECRET_KEY');
    expect(wrong.stderr).toContain(`is not the one that encrypted the state in ${state}`);
    expect(wrong.stderr).toContain('Start again with the key used before');

    const after = vaultWith(KEY_A);
    expect(after.vault.load('Ada', 'custom:127.0.0.1')?.session).toBe('the-session-string');
    after.store.close();
    expect((await serveWithKey(KEY_A)).code).toBe(0);
  });
});
