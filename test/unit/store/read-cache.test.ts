import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/main/logging';
import { openDatabase, openStore, type Store } from '../../../src/main/store';
import { forgetReads, ReadCache, writesElsewhereWatch } from '../../../src/main/store/read-cache';
import { tempDirsPerTest } from '../../support/helpers';

const tempDir = tempDirsPerTest();

describe('a read cache', () => {
  const db = openDatabase(':memory:');
  afterEach(() => forgetReads(db));
  afterAll(() => db.close());

  it('reads once, until the key is forgotten', () => {
    const cache = new ReadCache<number>(db);
    let reads = 0;
    const load = () => ++reads;
    expect(cache.read('a', load)).toBe(1);
    expect(cache.read('a', load)).toBe(1);
    cache.forget('a');
    expect(cache.read('a', load)).toBe(2);
  });

  it('keeps nothing read inside a transaction, which may still roll back', () => {
    const cache = new ReadCache<string>(db);
    db.transaction(() => cache.read('a', () => 'inside'))();
    expect(cache.read('a', () => 'after')).toBe('after');
  });

  it('drops the key read longest ago when full', () => {
    const cache = new ReadCache<string>(db, 2);
    cache.read('a', () => 'a1');
    cache.read('b', () => 'b1');
    cache.read('a', () => 'a2');
    cache.read('c', () => 'c1');
    expect(cache.read('a', () => 'a3')).toBe('a1');
    expect(cache.read('b', () => 'b2')).toBe('b2');
  });

  it('is cleared with every other cache of its connection, and only those', () => {
    const other = openDatabase(':memory:');
    const mine = new ReadCache<string>(db);
    const theirs = new ReadCache<string>(other);
    mine.read('a', () => 'old');
    theirs.read('a', () => 'old');
    forgetReads(db);
    expect(mine.read('a', () => 'new')).toBe('new');
    expect(theirs.read('a', () => 'new')).toBe('old');
    other.close();
  });
});

describe('writes by another process', () => {
  const stores: Store[] = [];
  afterEach(() => {
    for (const store of stores.splice(0)) store.close();
  });

  const open = (file: string) => {
    const store = openStore({ file, logger: createLogger({ level: 'silent' }) });
    stores.push(store);
    return store;
  };

  it('are noticed by the data version, not the connection’s own commits', () => {
    const file = join(tempDir(), 'troupe.db');
    const db = openDatabase(file);
    const elsewhere = openDatabase(file);
    const watch = writesElsewhereWatch(db);
    db.exec('CREATE TABLE t (x)');
    expect(watch()).toBe(false);
    elsewhere.prepare('INSERT INTO t VALUES (1)').run();
    expect(watch()).toBe(true);
    expect(watch()).toBe(false);
    elsewhere.close();
    db.close();
  });

  it('show in what the store kept once it has noticed them', () => {
    const file = join(tempDir(), 'troupe.db');
    const app = open(file);
    const cli = open(file);
    const limit = (dailyLimitUsd: number | null) => ({
      requireApproval: false,
      dailyLimitUsd,
      limitLiftedOn: null,
    });
    expect(app.agentSteering.get('Ada').dailyLimitUsd).toBeNull();
    cli.agentSteering.put('Ada', limit(3), new Date());
    app.noticeWritesElsewhere();
    expect(app.agentSteering.get('Ada').dailyLimitUsd).toBe(3);
    // Its own writes it knows of already: nothing is forgotten for them.
    app.agentSteering.put('Ada', limit(4), new Date());
    app.noticeWritesElsewhere();
    expect(app.agentSteering.get('Ada').dailyLimitUsd).toBe(4);
  });
});
