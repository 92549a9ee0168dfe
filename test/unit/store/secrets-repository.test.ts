import { describe, expect, it } from 'vitest';
import { openDatabase, SecretsRepository } from '../../../src/main/store';
import { SECRET_NAMES } from '../../../src/shared/domain/secrets';
import { manualClock } from '../../support/helpers';

function setup() {
  const db = openDatabase(':memory:');
  const clock = manualClock('2026-03-01T10:00:00.000Z');
  return { db, clock, secrets: new SecretsRepository(db, { now: clock.now }) };
}

describe('SecretsRepository', () => {
  it('reports every known secret as unset on an empty database', () => {
    const { db, secrets } = setup();
    expect(secrets.listStatuses()).toEqual(
      SECRET_NAMES.map((name) => ({ name, isSet: false, updatedAt: null })),
    );
    db.close();
  });

  it('stores a blob and returns the same bytes', () => {
    const { db, secrets } = setup();
    const blob = Buffer.from([1, 2, 3, 0, 255]);
    secrets.put('openai.apiKey', blob);
    expect(secrets.getBlob('openai.apiKey')).toEqual(blob);
    expect(secrets.getBlob('xai.apiKey')).toBeNull();
    db.close();
  });

  it('replaces a blob and records when', () => {
    const { db, clock, secrets } = setup();
    secrets.put('gemini.apiKey', Buffer.from('first'));
    clock.set('2026-03-02T08:30:00.000Z');
    secrets.put('gemini.apiKey', Buffer.from('second'));
    expect(secrets.getBlob('gemini.apiKey')?.toString()).toBe('second');
    expect(secrets.listStatuses().find((status) => status.name === 'gemini.apiKey')).toEqual({
      name: 'gemini.apiKey',
      isSet: true,
      updatedAt: '2026-03-02T08:30:00.000Z',
    });
    db.close();
  });

  it('deletes a blob and says whether there was one', () => {
    const { db, secrets } = setup();
    secrets.put('telegram.apiHash', Buffer.from('x'));
    expect(secrets.delete('telegram.apiHash')).toBe(true);
    expect(secrets.delete('telegram.apiHash')).toBe(false);
    expect(secrets.getBlob('telegram.apiHash')).toBeNull();
    db.close();
  });

  it('ignores rows for names it does not know', () => {
    const { db, secrets } = setup();
    db.prepare("INSERT INTO secrets VALUES ('retired.apiKey', x'00', 'then')").run();
    expect(secrets.listStatuses().map((status) => status.name)).toEqual([...SECRET_NAMES]);
    db.close();
  });
});
