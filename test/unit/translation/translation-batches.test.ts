import { describe, expect, it } from 'vitest';
import {
  parseTranslationAnswer,
  TranslationAnswerError,
  textHash,
  translatableItems,
  translationBatches,
} from '../../../src/main/translation';

const batch = [
  { messageId: 1, text: 'Hello' },
  { messageId: 2, text: 'How are you?' },
];

describe('translation batches', () => {
  it('splits in order into batches of at most the size, 20 by default', () => {
    const items = Array.from({ length: 45 }, (_, index) => index);
    expect(translationBatches(items).map((b) => b.length)).toEqual([20, 20, 5]);
    expect(translationBatches(items, 20)[2]).toEqual([40, 41, 42, 43, 44]);
    expect(translationBatches([])).toEqual([]);
    expect(() => translationBatches(items, 0)).toThrow(RangeError);
  });

  it('leaves out messages without words and repeated ids', () => {
    expect(
      translatableItems([
        { messageId: 1, text: 'Hi' },
        { messageId: 2, text: '   ' },
        { messageId: 3, text: '' },
        { messageId: 1, text: 'Hi again' },
      ]),
    ).toEqual([{ messageId: 1, text: 'Hi' }]);
  });

  it('hashes the text so an edit is a new text', () => {
    expect(textHash('Hello')).toBe(textHash('Hello'));
    expect(textHash('Hello')).not.toBe(textHash('Hello!'));
  });
});

describe('the translation answer', () => {
  it('reads one string per message asked, also inside a code fence', () => {
    const answer = JSON.stringify({
      translations: [
        { id: 2, text: 'Wie geht es dir?' },
        { id: 1, text: 'Hallo' },
      ],
    });
    expect(parseTranslationAnswer(answer, batch)).toEqual(
      new Map([
        [2, 'Wie geht es dir?'],
        [1, 'Hallo'],
      ]),
    );
    expect(parseTranslationAnswer(`\`\`\`json\n${answer}\n\`\`\``, batch).get(1)).toBe('Hallo');
  });

  it.each([
    ['not JSON', 'Sure! Here you go', /did not answer with JSON/],
    ['no list', '{"items": []}', /no "translations" list/],
    ['a wrong shape', '{"translations": [{"id": "1", "text": "Hallo"}]}', /numeric "id"/],
    [
      'a message not asked for',
      '{"translations": [{"id": 1, "text": "a"}, {"id": 2, "text": "b"}, {"id": 9, "text": "c"}]}',
      /message 9, which was not asked/,
    ],
    ['one twice', '{"translations": [{"id": 1, "text": "a"}, {"id": 1, "text": "b"}]}', /message 1 twice/],
    ['one left out', '{"translations": [{"id": 1, "text": "a"}]}', /leaves out message 2/],
  ])('refuses %s', (_, answer, message) => {
    expect(() => parseTranslationAnswer(answer, batch)).toThrow(TranslationAnswerError);
    expect(() => parseTranslationAnswer(answer, batch)).toThrow(message);
  });
});
