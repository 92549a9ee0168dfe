import { createHash } from 'node:crypto';
import { Api, helpers } from 'telegram';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/main/clock';
import { ENTITY_TTL_MS, randomIdFor } from '../../../src/main/telegram/port';
import { EntityDirectory } from '../../../src/main/telegram/port/entity-directory';
import { ExpiringCache } from '../../../src/main/telegram/port/expiring-cache';
import { MessageMemory } from '../../../src/main/telegram/port/message-memory';

const user = (id: number, firstName: string, min = false) =>
  new Api.User({ id: helpers.returnBigInt(id), accessHash: helpers.returnBigInt(id * 7), firstName, min });

describe('ExpiringCache', () => {
  it('forgets a value once its time is up, and loads it again', async () => {
    const clock = new ManualClock();
    const cache = new ExpiringCache<string, number>(clock, 60_000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.getOrLoad('blocked', load)).toBe(1);
    clock.advance(59_999);
    expect(await cache.getOrLoad('blocked', load)).toBe(1);
    clock.advance(1);
    expect(cache.get('blocked')).toBeUndefined();
    expect(await cache.getOrLoad('blocked', load)).toBe(2);
  });
});

describe('EntityDirectory', () => {
  it('keeps names for five minutes but the input peer for good', () => {
    const clock = new ManualClock();
    const directory = new EntityDirectory(clock);
    directory.remember([user(42, 'Ann')]);
    expect(directory.directory().get(42)).toMatchObject({ firstName: 'Ann' });

    clock.advance(ENTITY_TTL_MS);
    expect(directory.get(42)).toBeUndefined();
    expect(directory.directory().size).toBe(0);
    expect(directory.inputPeer(42)).toMatchObject({ className: 'InputPeerUser' });
    expect(String((directory.inputPeer(42) as Api.InputPeerUser).accessHash)).toBe('294');
  });

  it('does not let a partial ("min") copy replace a full one', () => {
    const directory = new EntityDirectory(new ManualClock());
    directory.remember([user(42, 'Ann')]);
    directory.remember([user(42, 'A.', true)]);
    expect(directory.get(42)).toMatchObject({ firstName: 'Ann' });
  });
});

describe('MessageMemory', () => {
  it('knows the chat of private and basic-group message ids, and who sent them', () => {
    const memory = new MessageMemory();
    memory.remember(42, 10, true);
    memory.remember(-7, 11, false);
    memory.remember(-1_000_000_000_007, 10, false);
    expect([memory.channelOf(10), memory.channelOf(11)]).toEqual([42, -7]);
    expect(memory.isAgentMessage(42, 10)).toBe(true);
    expect(memory.isAgentMessage(-1_000_000_000_007, 10)).toBe(false);
    expect(memory.isAgentMessage(42, 99)).toBeUndefined();
  });
});

describe('randomIdFor', () => {
  it('derives a signed 64-bit random_id from the first 8 bytes of the key’s SHA-256', () => {
    const key = 'task-42/send-1';
    const expected = createHash('sha256').update(key).digest().readBigInt64BE(0);
    expect(randomIdFor(key).toString()).toBe(expected.toString());
    expect(randomIdFor(key).equals(randomIdFor(key))).toBe(true);
    expect(randomIdFor('task-42/send-2').equals(randomIdFor(key))).toBe(false);
  });
});
