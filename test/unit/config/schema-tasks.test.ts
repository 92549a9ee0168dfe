import { describe, expect, it } from 'vitest';
import { extractSchemaTasks, locateSchemaTasks } from '../../../src/main/config/schema-tasks';

describe('extractSchemaTasks', () => {
  it('reads the kinds of one comment, sorted', () => {
    expect(extractSchemaTasks('<!-- SCHEMA_TASKS: send, react, think -->\n# Prompt')).toEqual([
      'react',
      'send',
      'think',
    ]);
  });

  it('unites every comment in the text without duplicates', () => {
    const prompt = '<!-- SCHEMA_TASKS: send, think -->\ntext\n<!-- SCHEMA_TASKS: remember, think -->\nmore';
    expect(extractSchemaTasks(prompt)).toEqual(['remember', 'send', 'think']);
  });

  it('ignores case in the marker and lower-cases the kinds', () => {
    expect(extractSchemaTasks('<!-- schema_tasks: Send, XSEND -->')).toEqual(['send', 'xsend']);
  });

  it('tolerates any whitespace, including none and line breaks', () => {
    expect(extractSchemaTasks('<!--SCHEMA_TASKS:plan,intend-->')).toEqual(['intend', 'plan']);
    expect(extractSchemaTasks('<!--   SCHEMA_TASKS  :\n  note ,\n\t remember ,  -->')).toEqual([
      'note',
      'remember',
    ]);
  });

  it('finds nothing when there is no such comment', () => {
    expect(extractSchemaTasks('# Just a prompt\n<!-- a normal comment -->')).toEqual([]);
    expect(extractSchemaTasks('')).toEqual([]);
  });

  it('locates each kind at the line its comment starts on', () => {
    expect(
      locateSchemaTasks('# Title\n\n<!-- SCHEMA_TASKS: send,\n react -->\ntext\n<!-- SCHEMA_TASKS: Note -->'),
    ).toEqual([
      { kind: 'send', line: 3 },
      { kind: 'react', line: 3 },
      { kind: 'note', line: 6 },
    ]);
  });
});
