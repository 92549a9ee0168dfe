import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/main/logging';
import { openStore, type Store } from '../../../src/main/store';
import { exchangeView as exchange } from '../../support/exchanges';
import { tempDirsPerTest } from '../../support/helpers';
import { withRawDatabase } from '../../support/raw-database';

const tempDir = tempDirsPerTest();
const ADA = { agent: 'Ada', network: 'simulator' as const, channelId: 7 };
const BO = { agent: 'Bo', network: 'simulator' as const, channelId: 7 };

/** The exchange with one long section, as a persona is sent. */
function withSection(view: ReturnType<typeof exchange>, text: string): ReturnType<typeof exchange> {
  return { ...view, sections: [{ id: 'persona', title: 'Persona', text, stable: true }] };
}

describe('the exchange history', () => {
  let store: Store;

  beforeEach(() => {
    store = openStore({ file: ':memory:', logger: createLogger({ level: 'silent' }) });
  });

  afterEach(() => store.close());

  it('keeps every exchange with its task, newest first, a page at a time', () => {
    for (let index = 0; index < 5; index += 1) {
      store.exchangeHistory.append(
        ADA,
        `received-${index}`,
        exchange(`2026-11-2${index}T10:00:00.000Z`, `reply ${index}`),
      );
    }
    const first = store.exchangeHistory.page(ADA, { limit: 2 });
    expect(first.map((record) => [record.taskId, record.rawReply])).toEqual([
      ['received-4', 'reply 4'],
      ['received-3', 'reply 3'],
    ]);
    const next = store.exchangeHistory.page(ADA, { beforeId: first.at(-1)!.id, limit: 10 });
    expect(next.map((record) => record.rawReply)).toEqual(['reply 2', 'reply 1', 'reply 0']);
    expect(store.exchangeHistory.page(BO, { limit: 10 })).toEqual([]);
  });

  it('prunes what is older than the window and beyond the count per agent', () => {
    for (let index = 0; index < 4; index += 1) {
      store.exchangeHistory.append(
        ADA,
        null,
        exchange(`2026-11-0${index + 1}T10:00:00.000Z`, `ada ${index}`),
      );
      store.exchangeHistory.append(BO, null, exchange(`2026-11-0${index + 1}T10:00:00.000Z`, `bo ${index}`));
    }
    // Older than 2 Nov: one each; then at most two per agent.
    expect(store.exchangeHistory.prune(new Date('2026-11-02T00:00:00Z'), 2)).toBe(4);
    expect(store.exchangeHistory.page(ADA, { limit: 10 }).map((record) => record.rawReply)).toEqual([
      'ada 3',
      'ada 2',
    ]);
    expect(store.exchangeHistory.page(BO, { limit: 10 }).map((record) => record.rawReply)).toEqual([
      'bo 3',
      'bo 2',
    ]);
  });

  it('keeps each conversation’s last exchange, however old, through both prunings', () => {
    const CY = { ...ADA, channelId: 8 };
    store.exchangeHistory.append(CY, null, exchange('2026-10-01T10:00:00.000Z', 'cy only'));
    for (let index = 0; index < 3; index += 1) {
      store.exchangeHistory.append(
        ADA,
        null,
        exchange(`2026-10-0${index + 2}T10:00:00.000Z`, `ada ${index}`),
      );
    }
    expect(store.exchangeHistory.prune(new Date('2026-11-01T00:00:00Z'), 1)).toBe(2);
    expect(store.exchangeHistory.latest(CY)?.rawReply).toBe('cy only');
    expect(store.exchangeHistory.page(ADA, { limit: 10 }).map((record) => record.rawReply)).toEqual([
      'ada 2',
    ]);
  });

  it('keeps an exchange too large to keep whole cut down, and says so', () => {
    const huge = {
      ...exchange('2026-11-25T10:00:00.000Z'),
      turns: Array.from({ length: 200 }, () => ({ role: 'user' as const, parts: ['x'.repeat(10_000)] })),
    };
    store.exchangeHistory.append(ADA, null, huge);
    const [kept] = store.exchangeHistory.page(ADA, { limit: 1 });
    expect(kept!.truncated).toBe(true);
    expect(JSON.stringify(kept).length).toBeLessThan(300 * 1024);
    expect(kept!.turns.at(-1)!.parts[0]).toMatch(/too large to keep whole/);
    expect(kept!.sections[0]!.text).toBe('Be kind.');
  });

  it('keeps a long section text again after the transaction that first kept it rolled back', () => {
    const persona = 'Never promise what you cannot do. '.repeat(30);
    const withPersona = (at: string, reply: string) => withSection(exchange(at, reply), persona);
    expect(() =>
      store.transaction(() => {
        store.exchangeHistory.append(ADA, null, withPersona('2026-11-20T10:00:00.000Z', 'undone'));
        throw new Error('the turn failed after its exchange was kept');
      }),
    ).toThrow('the turn failed');
    store.exchangeHistory.append(ADA, null, withPersona('2026-11-20T10:01:00.000Z', 'kept'));
    expect(store.exchangeHistory.page(ADA, { limit: 10 }).map((record) => record.rawReply)).toEqual(['kept']);
    expect(store.exchangeHistory.latest(ADA)?.sections[0]?.text).toBe(persona);
  });

  it('marks a long section text used again a day on, so that pruning keeps it for the exchanges naming it', () => {
    const persona = 'Ask before you assume. '.repeat(40);
    const withPersona = (at: string, reply: string) => withSection(exchange(at, reply), persona);
    store.exchangeHistory.append(ADA, null, withPersona('2026-11-01T10:00:00.000Z', 'first'));
    store.exchangeHistory.append(ADA, null, withPersona('2026-11-03T10:00:00.000Z', 'third'));
    store.exchangeHistory.prune(new Date('2026-11-03T00:00:00Z'), 100);
    expect(store.exchangeHistory.page(ADA, { limit: 10 }).map((record) => record.rawReply)).toEqual([
      'third',
    ]);
    expect(store.exchangeHistory.latest(ADA)?.sections[0]?.text).toBe(persona);
  });

  it('keeps a long section text once for every exchange that sends it, and prunes it with them', () => {
    const file = join(tempDir(), 'troupe.db');
    const fileStore = openStore({ file, logger: createLogger({ level: 'silent' }) });
    const keptTexts = () =>
      withRawDatabase(file, (db) => db.prepare('SELECT text FROM llm_prompt_texts').pluck().all());
    const persona = 'Speak plainly and briefly. '.repeat(40);
    const withPersona = (at: string, reply: string) => withSection(exchange(at, reply), persona);
    fileStore.exchangeHistory.append(ADA, null, withPersona('2026-10-01T10:00:00.000Z', 'first'));
    fileStore.exchangeHistory.append(ADA, null, withPersona('2026-10-01T10:05:00.000Z', 'second'));
    fileStore.exchangeHistory.append(ADA, null, exchange('2026-11-20T10:00:00.000Z', 'without it'));
    // A chat quiet since long before, whose last exchange names no long text: it keeps none alive.
    fileStore.exchangeHistory.append(BO, null, exchange('2026-08-01T10:00:00.000Z', 'quiet since'));
    expect(keptTexts()).toEqual([persona]);
    expect(
      fileStore.exchangeHistory.page(ADA, { limit: 10 }).map((record) => record.sections[0]?.text.length),
    ).toEqual([8, persona.length, persona.length]);

    // Both exchanges that named it go; so does the text.
    expect(fileStore.exchangeHistory.prune(new Date('2026-11-01T00:00:00Z'), 100)).toBe(2);
    expect(keptTexts()).toEqual([]);
    expect(fileStore.exchangeHistory.latest(ADA)?.rawReply).toBe('without it');
    fileStore.exchangeHistory.append(ADA, null, withPersona('2026-11-21T10:00:00.000Z', 'again'));
    expect(fileStore.exchangeHistory.latest(ADA)?.sections[0]?.text).toBe(persona);

    // A quiet chat's last exchange outlives the window, and so does every text it names.
    const CY = { ...ADA, channelId: 8 };
    const oldPersona = 'Answer in verse. '.repeat(40);
    fileStore.exchangeHistory.append(
      CY,
      null,
      withSection(exchange('2026-09-01T10:00:00.000Z', 'long ago'), oldPersona),
    );
    fileStore.exchangeHistory.prune(new Date('2026-12-01T00:00:00Z'), 100);
    expect(fileStore.exchangeHistory.latest(CY)?.sections[0]?.text).toBe(oldPersona);
    expect(keptTexts()).toHaveLength(2);
    fileStore.close();
  });
});
