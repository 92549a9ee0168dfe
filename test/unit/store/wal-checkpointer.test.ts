import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE_NAME, openDatabase, type SqliteDatabase } from '../../../src/main/store';
import { WalCheckpointer } from '../../../src/main/store/wal-checkpointer';
import { capturingLogger, tempDirsPerTest } from '../../support/helpers';

const tempDir = tempDirsPerTest();

/** Commits `count` 2 KB rows one transaction each, as the runtime commits its small writes. */
function writeRows(db: SqliteDatabase, count: number): void {
  db.exec('CREATE TABLE IF NOT EXISTS filler (id INTEGER PRIMARY KEY, body TEXT)');
  const insert = db.prepare('INSERT INTO filler (body) VALUES (?)');
  for (let index = 0; index < count; index += 1) insert.run('x'.repeat(2_048));
}

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the condition');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('WalCheckpointer', () => {
  it('copies the log into the database file from its worker while the connection never checkpoints', async () => {
    const file = join(tempDir(), DATABASE_FILE_NAME);
    const db = openDatabase(file);
    const checkpointer = await WalCheckpointer.start(db, {
      file,
      logger: capturingLogger().logger,
      intervalMs: 20,
    });
    try {
      expect(checkpointer).not.toBeNull();
      expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
      const sizeBefore = statSync(file).size;
      writeRows(db, 1_500);
      // Only a checkpoint writes pages into the database file itself; the connection commits to the log.
      await until(() => statSync(file).size > sizeBefore + 2_000_000);
      expect(db.prepare('SELECT count(*) AS n FROM filler').get()).toEqual({ n: 1_500 });
    } finally {
      await checkpointer?.stop();
    }
    // Stopped: the connection checkpoints by itself again.
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1_000);
    db.close();
  });

  it('checkpoints what was committed last when it stops', async () => {
    const file = join(tempDir(), DATABASE_FILE_NAME);
    const db = openDatabase(file);
    const checkpointer = await WalCheckpointer.start(db, {
      file,
      logger: capturingLogger().logger,
      intervalMs: 60_000,
    });
    const sizeBefore = statSync(file).size;
    writeRows(db, 200);
    expect(statSync(file).size).toBe(sizeBefore);
    await checkpointer?.stop();
    expect(statSync(file).size).toBeGreaterThan(sizeBefore + 400_000);
    db.close();
  });

  it('leaves the connection checkpointing by itself when the worker cannot open the database', async () => {
    const db = openDatabase(join(tempDir(), DATABASE_FILE_NAME));
    const { logger, records } = capturingLogger();
    const checkpointer = await WalCheckpointer.start(db, { file: join(tempDir(), 'missing.db'), logger });
    expect(checkpointer).toBeNull();
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1_000);
    expect(records().some((record) => String(record.msg).includes('checkpoints itself'))).toBe(true);
    db.close();
  });
});
