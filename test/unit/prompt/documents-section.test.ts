import { describe, expect, it } from 'vitest';
import { documentsSection } from '../../../src/main/prompt/documents-section';

describe('documentsSection', () => {
  it('lists each document by the name retrieve reads it with', () => {
    const section = documentsSection(['price-list', 'Opening hours'], ['think', 'retrieve'])!;
    expect(section).toMatchObject({ id: 'documents', title: 'Your documents', stable: true });
    expect(section.text).toBe(
      [
        '# Your Documents',
        '',
        'Your operator gave you these documents. Read one with `retrieve` when it may hold the answer:',
        '',
        '- `file:price-list`',
        '- `file:Opening hours`',
      ].join('\n'),
    );
  });

  it('is left out without documents or without retrieve, and counts what it does not list', () => {
    expect(documentsSection([], ['retrieve'])).toBeNull();
    expect(documentsSection(['price-list'], ['think', 'send'])).toBeNull();
    const many = Array.from({ length: 65 }, (_, index) => `doc ${index}`);
    const text = documentsSection(many, ['retrieve'])!.text;
    expect(text).toContain('- `file:doc 59`');
    expect(text).not.toContain('file:doc 60');
    expect(text).toMatch(/- …and 5 more, read the same way by name\.$/);
  });
});
