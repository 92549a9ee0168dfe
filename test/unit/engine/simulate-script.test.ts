import { describe, expect, it } from 'vitest';
import { parseSimulateScript, personIndex } from '../../../src/main/cli/simulate-script';

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
});
