import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../src/main/logging';
import { scheduleArchiveIndexing } from '../../../src/main/runtime/archive-indexing';
import { openStore, type Store } from '../../../src/main/store';
import { capturingLogger } from '../../support/helpers';

const CHAT = { agent: 'Ada', network: 'simulator' as const, channelId: 5 };

function archiveOne(store: Store, messageId: number, text: string): void {
  store.transaction(() =>
    store.archive.put(
      CHAT,
      [
        {
          messageId,
          senderId: 1,
          senderName: 'Pat',
          isAgent: false,
          replyTo: null,
          sentAt: new Date(Date.UTC(2025, 0, 1, 0, messageId)).toISOString(),
          editedAt: null,
          text,
          partsJson: '[]',
        },
      ],
      new Date(),
    ),
  );
}

describe('the archive’s indexing in batches', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('indexes what waits at start, every second after, and once more at stop', () => {
    vi.useFakeTimers();
    const store = openStore({ file: ':memory:', logger: createLogger({ level: 'silent' }) });
    const counted = (word: string) => store.archiveRecall.documentCount('words', `"${word}"`, 10);
    archiveOne(store, 1, 'left from before a crash');

    const stop = scheduleArchiveIndexing(store.archiveIndex, createLogger({ level: 'silent' }));
    expect(counted('crash')).toBe(1);

    archiveOne(store, 2, 'the first gull');
    expect(counted('gull')).toBe(0);
    vi.advanceTimersByTime(1_000);
    expect(counted('gull')).toBe(1);

    archiveOne(store, 3, 'the last gull');
    stop();
    expect(counted('gull')).toBe(2);
    store.close();
  });

  it('logs a failing index once, keeps trying, and logs again after a success', () => {
    vi.useFakeTimers();
    const { logger, records } = capturingLogger();
    let failing = true;
    const stop = scheduleArchiveIndexing(
      {
        indexPending: () => {
          if (failing) throw new Error('database is locked');
          return 0;
        },
      },
      logger,
    );
    vi.advanceTimersByTime(3_000);
    const errors = () => records().filter((record) => record.level === 50);
    expect(errors()).toEqual([
      expect.objectContaining({ msg: 'could not index archived messages for search' }),
    ]);

    failing = false;
    vi.advanceTimersByTime(1_000);
    failing = true;
    vi.advanceTimersByTime(1_000);
    stop();
    expect(errors()).toHaveLength(2);
  });
});
