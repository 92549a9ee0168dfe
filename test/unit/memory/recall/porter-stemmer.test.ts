import { describe, expect, it } from 'vitest';
import { porterStem } from '../../../../src/main/memory/recall/porter-stemmer';

describe('Porter stemmer', () => {
  it('stems as Porter’s reference vocabulary does', () => {
    const pairs: [string, string][] = [
      ['caresses', 'caress'],
      ['ponies', 'poni'],
      ['agreed', 'agre'],
      ['plastered', 'plaster'],
      ['motoring', 'motor'],
      ['hopping', 'hop'],
      ['filing', 'file'],
      ['happy', 'happi'],
      ['relational', 'relat'],
      ['generalizations', 'gener'],
      ['adjustment', 'adjust'],
      ['adoption', 'adopt'],
      ['controll', 'control'],
      ['meetings', 'meet'],
      ['meeting', 'meet'],
      ['running', 'run'],
    ];
    expect(pairs.map(([word]) => porterStem(word))).toEqual(pairs.map(([, stem]) => stem));
  });

  it('leaves short words, digits and other scripts alone', () => {
    expect(['is', 'as', '2024', 'café', 'живет'].map(porterStem)).toEqual([
      'is',
      'as',
      '2024',
      'café',
      'живет',
    ]);
  });
});
