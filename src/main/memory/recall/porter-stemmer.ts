/**
 * Martin Porter's English stemmer (1980), the algorithm SQLite's `porter` tokenizer runs for the
 * archive's stems index. Recall scores candidates in JavaScript too (summaries, notes and the
 * archive's hits against every query word), and those scores must agree with the index on which
 * words are one word ("meetings" and "meeting"), so the same algorithm runs here.
 *
 * Only lower-case ASCII words of three letters or more are stemmed; others come back unchanged,
 * as in SQLite.
 */

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u']);

function isConsonant(word: string, index: number): boolean {
  const letter = word[index]!;
  if (VOWELS.has(letter)) return false;
  if (letter === 'y') return index === 0 || !isConsonant(word, index - 1);
  return true;
}

/** Porter's m: the number of vowel-consonant sequences in `stem`. */
function measure(stem: string): number {
  let count = 0;
  let index = 0;
  const length = stem.length;
  while (index < length && isConsonant(stem, index)) index++;
  while (index < length) {
    while (index < length && !isConsonant(stem, index)) index++;
    if (index >= length) break;
    while (index < length && isConsonant(stem, index)) index++;
    count++;
  }
  return count;
}

function hasVowel(stem: string): boolean {
  for (let index = 0; index < stem.length; index++) if (!isConsonant(stem, index)) return true;
  return false;
}

function endsWithDoubleConsonant(word: string): boolean {
  const length = word.length;
  return length >= 2 && word[length - 1] === word[length - 2] && isConsonant(word, length - 1);
}

/** Consonant-vowel-consonant at the end, the last not w, x or y (*o). */
function endsCvc(word: string): boolean {
  const length = word.length;
  if (length < 3) return false;
  const last = word[length - 1]!;
  return (
    isConsonant(word, length - 3) &&
    !isConsonant(word, length - 2) &&
    isConsonant(word, length - 1) &&
    last !== 'w' &&
    last !== 'x' &&
    last !== 'y'
  );
}

/** Replaces the first suffix of `rules` the word ends with, when the stem before it has m > `minMeasure`. */
function replaceSuffix(
  word: string,
  rules: readonly (readonly [string, string])[],
  minMeasure: number,
): string {
  for (const [suffix, replacement] of rules) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, -suffix.length);
    return measure(stem) > minMeasure ? stem + replacement : word;
  }
  return word;
}

function step1a(word: string): string {
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('ies')) return word.slice(0, -2);
  if (word.endsWith('ss')) return word;
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

function step1b(word: string): string {
  if (word.endsWith('eed')) {
    return measure(word.slice(0, -3)) > 0 ? word.slice(0, -1) : word;
  }
  let stem: string | null = null;
  if (word.endsWith('ed') && hasVowel(word.slice(0, -2))) stem = word.slice(0, -2);
  else if (word.endsWith('ing') && hasVowel(word.slice(0, -3))) stem = word.slice(0, -3);
  if (stem === null) return word;
  if (stem.endsWith('at') || stem.endsWith('bl') || stem.endsWith('iz')) return `${stem}e`;
  if (endsWithDoubleConsonant(stem) && !/[lsz]$/.test(stem)) return stem.slice(0, -1);
  if (measure(stem) === 1 && endsCvc(stem)) return `${stem}e`;
  return stem;
}

function step1c(word: string): string {
  return word.endsWith('y') && hasVowel(word.slice(0, -1)) ? `${word.slice(0, -1)}i` : word;
}

const STEP2: readonly (readonly [string, string])[] = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['izer', 'ize'],
  ['bli', 'ble'],
  ['alli', 'al'],
  ['entli', 'ent'],
  ['eli', 'e'],
  ['ousli', 'ous'],
  ['ization', 'ize'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['iveness', 'ive'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['aliti', 'al'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
  ['logi', 'log'],
];

const STEP3: readonly (readonly [string, string])[] = [
  ['icate', 'ic'],
  ['ative', ''],
  ['alize', 'al'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
];

const STEP4 = [
  'al',
  'ance',
  'ence',
  'er',
  'ic',
  'able',
  'ible',
  'ant',
  'ement',
  'ment',
  'ent',
  'ion',
  'ou',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize',
];

/** Longest match first, as Porter's table is read. */
function longestFirst<T extends readonly [string, string] | string>(rules: readonly T[]): T[] {
  const suffix = (rule: T) => (typeof rule === 'string' ? rule : rule[0]);
  return [...rules].sort((a, b) => suffix(b).length - suffix(a).length);
}

const STEP2_SORTED = longestFirst(STEP2);
const STEP3_SORTED = longestFirst(STEP3);
const STEP4_SORTED = longestFirst(STEP4);

function step4(word: string): string {
  for (const suffix of STEP4_SORTED) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, -suffix.length);
    if (measure(stem) <= 1) return word;
    if (suffix === 'ion' && !/[st]$/.test(stem)) return word;
    return stem;
  }
  return word;
}

function step5(word: string): string {
  let result = word;
  if (result.endsWith('e')) {
    const stem = result.slice(0, -1);
    const m = measure(stem);
    if (m > 1 || (m === 1 && !endsCvc(stem))) result = stem;
  }
  if (measure(result) > 1 && endsWithDoubleConsonant(result) && result.endsWith('l')) {
    result = result.slice(0, -1);
  }
  return result;
}

/** The Porter stem of a lower-case word; other words are returned as they are. */
export function porterStem(word: string): string {
  if (word.length < 3 || !/^[a-z]+$/.test(word)) return word;
  let result = step1a(word);
  result = step1b(result);
  result = step1c(result);
  result = replaceSuffix(result, STEP2_SORTED, 0);
  result = replaceSuffix(result, STEP3_SORTED, 0);
  result = step4(result);
  return step5(result);
}
