import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSimulateScript, personIndex, stepFile } from '../../../src/main/cli/simulate-script';

const parse = (script: unknown) => parseSimulateScript(JSON.stringify(script), 'script.json');

describe('simulate scripts', () => {
  it('defaults to one person, Pat, in a direct chat', () => {
    expect(parse({ steps: [{ say: 'hi' }] })).toEqual({
      people: [{ firstName: 'Pat' }],
      kind: 'direct',
      steps: [{ say: 'hi' }],
    });
  });

  it('makes a group of several people and finds them by index, name or username', () => {
    const script = parse({
      people: ['Kim', { firstName: 'Lou', username: 'lou_b' }],
      steps: [{ say: 'hi', as: 'kim' }, { react: '👍', to: -1, as: '@lou_b' }, { wait: 1.5 }],
    });
    expect(script.kind).toBe('group');
    expect(personIndex(script, 'Lou', 0)).toBe(1);
    expect(personIndex(script, 1, 0)).toBe(1);
    expect(personIndex(script, undefined, 0)).toBe(0);
  });

  it('names the step and the problem', () => {
    expect(() => parse({ steps: [{ say: 'hi' }, { wait: -1 }] })).toThrow(/step 1/);
    expect(() => parse({ steps: [{ say: 'hi', as: 'Zed' }] })).toThrow(
      'step 0: nobody in "people" is called "Zed".',
    );
    expect(() => parse({ steps: [{ say: 'hi', as: 3 }] })).toThrow('step 0: there is no person 3');
    expect(() => parse({ steps: [] })).toThrow(/at least one step/);
    expect(() => parse({ people: ['A', 'B'], kind: 'direct', steps: [{ say: 'x' }] })).toThrow(
      /exactly one person/,
    );
    expect(() => parseSimulateScript('{', 'broken.json')).toThrow(/broken.json is not valid JSON/);
  });

  it('reads media steps: files by kind with a caption, sticker files with an emoji, curated stickers by set', () => {
    const script = parse({
      people: ['Kim', 'Lou'],
      steps: [
        { photo: 'pics/beach.jpg', caption: 'Look!', as: 'Lou', replyTo: -1 },
        { video: 'clip.mp4' },
        { voice: 'note.ogg', as: 1 },
        { audio: 'song.mp3' },
        { document: 'menu.pdf', caption: 'the menu' },
        { sticker: 'cat.tgs', emoji: '🐱' },
        { sticker: '😺', set: 'HappyCats', replyTo: 0 },
        { say: 'hi' },
      ],
    });
    expect(script.steps[0]).toEqual({ photo: 'pics/beach.jpg', caption: 'Look!', as: 'Lou', replyTo: -1 });
    expect(script.steps.map(stepFile)).toEqual([
      { kind: 'photo', path: 'pics/beach.jpg' },
      { kind: 'video', path: 'clip.mp4' },
      { kind: 'voice', path: 'note.ogg' },
      { kind: 'audio', path: 'song.mp3' },
      { kind: 'document', path: 'menu.pdf' },
      { kind: 'sticker', path: 'cat.tgs' },
      null,
      null,
    ]);
    expect(script.steps[6]).toEqual({ sticker: '😺', set: 'HappyCats', replyTo: 0 });
  });

  it('says what is wrong with a media step, by the form it comes closest to', () => {
    expect(() => parse({ steps: [{ photo: 3 }] })).toThrow(
      'step 0 (photo): give the path of a file, relative to the script',
    );
    expect(() => parse({ steps: [{ say: 'hi' }, { document: '  ' }] })).toThrow(
      'step 1 (document): give the path of a file, relative to the script',
    );
    expect(() => parse({ steps: [{ photo: 'a.jpg', emoji: '🐱' }] })).toThrow(
      /step 0: Unrecognized key: "emoji"/,
    );
    expect(() => parse({ steps: [{ sticker: 'cat.tgs', caption: 'meow' }] })).toThrow(
      /step 0: Unrecognized key: "caption"/,
    );
    expect(() => parse({ steps: [{ sticker: '😺', set: '' }] })).toThrow(
      'step 0 (set): Name the sticker set.',
    );
    expect(() => parse({ steps: [{ voice: 'a.ogg', caption: 'x'.repeat(1025) }] })).toThrow(
      'step 0 (caption): A caption has at most 1024 characters.',
    );
    expect(() => parse({ steps: [{ video: 'a.mp4', as: 'Zed' }] })).toThrow(
      'step 0: nobody in "people" is called "Zed".',
    );
    // A step of no known form lists every form.
    expect(() => parse({ steps: [{ gif: 'a.gif' }] })).toThrow(
      /step 0: A step is .*"photo" \| "video" \| "voice" \| "audio" \| "document": file.*\{"sticker": name, "set": set\}/,
    );
  });

  it("reads the README's example script", () => {
    const readme = readFileSync(join(import.meta.dirname, '../../../README.md'), 'utf8');
    const example = readme
      .slice(readme.indexOf('A script names the people'))
      .match(/```json\n([\s\S]*?)```/)![1]!;
    const script = parseSimulateScript(example, 'README.md');
    expect(script.kind).toBe('group');
    expect(script.steps.map(stepFile).filter(Boolean)).toHaveLength(3);
  });
});
