import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../../src/main/store/migrations';
import { migration019MessageTranslations } from '../../../../src/main/store/migrations/019-message-translations';
import { TranslationRepository } from '../../../../src/main/store/translation-repository';

describe('migration 019 message translations', () => {
  it('is version 19, the nineteenth', () => {
    expect(migration019MessageTranslations.version).toBe(19);
    expect(MIGRATIONS[18]).toBe(migration019MessageTranslations);
  });

  it('keeps one translation per message, text and language', () => {
    const db = new BetterSqlite3(':memory:');
    for (const migration of MIGRATIONS) migration.up(db);
    const translations = new TranslationRepository(db);
    const scope = { agent: 'Ada', network: 'simulator' as const, channelId: 7, language: 'de' };
    const now = new Date('2026-03-01T10:00:00Z');
    translations.put(scope, [{ messageId: 1, textHash: 'a', translation: 'Hallo' }], now);
    translations.put(scope, [{ messageId: 1, textHash: 'a', translation: 'Hallo!' }], now);
    expect(translations.find(scope, [{ messageId: 1, textHash: 'a' }])).toEqual(new Map([[1, 'Hallo!']]));
    // Another text of the message (an edit), another language, another network: none kept.
    expect(translations.find(scope, [{ messageId: 1, textHash: 'b' }]).size).toBe(0);
    expect(translations.find({ ...scope, language: 'fr' }, [{ messageId: 1, textHash: 'a' }]).size).toBe(0);
    expect(translations.find({ ...scope, network: 'telegram' }, [{ messageId: 1, textHash: 'a' }]).size).toBe(
      0,
    );
  });
});
