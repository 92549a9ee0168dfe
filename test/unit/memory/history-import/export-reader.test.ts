import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExportReader, type ExportVisitor } from '../../../../src/main/memory/history-import/export-reader';
import { ExportFormatError } from '../../../../src/main/memory/history-import/import-errors';
import { tempDirsPerTest } from '../../../support/helpers';

const FIXTURES = join(import.meta.dirname, '../../../fixtures/telegram-export');

/** Every event the reader reports, as lines. */
function events(file: string, bufferBytes?: number): string[] {
  const seen: string[] = [];
  const visitor: ExportVisitor = {
    personalInformation: (value) => seen.push(`owner ${(value as { user_id: number }).user_id}`),
    chatStart: (where) => seen.push(`chat "${where}"`),
    chatField: (key, value) => seen.push(`  ${key} ${JSON.stringify(value)}`),
    message: (value, index) => {
      const message = value as Record<string, unknown>;
      seen.push(`  [${index}] ${message.id} ${'text_entities' in message ? 'with' : 'without'} entities`);
    },
    chatEnd: () => seen.push('end'),
  };
  new ExportReader(file, visitor, bufferBytes === undefined ? {} : { bufferBytes }).read();
  return seen;
}

function readError(file: string): ExportFormatError {
  try {
    events(file);
  } catch (error) {
    return error as ExportFormatError;
  }
  throw new Error('expected the export to be refused');
}

describe('reading a Telegram Desktop export', () => {
  const tempDir = tempDirsPerTest();

  it('reports a chat export: its fields, then each message without its text_entities', () => {
    const seen = events(join(FIXTURES, 'personal-chat/result.json'));
    expect(seen.slice(0, 6)).toEqual([
      'chat ""',
      '  name "Pat Doe"',
      '  type "personal_chat"',
      '  id 5550001',
      '  [0] 1 without entities',
      '  [1] 2 without entities',
    ]);
    expect(seen.at(-1)).toBe('end');
    expect(seen.filter((line) => line.includes('['))).toHaveLength(10);
  });

  it('reports the owner and every chat of a whole-account export, left chats too', () => {
    const seen = events(join(FIXTURES, 'full-account/result.json'));
    expect(seen[0]).toBe('owner 7000001');
    expect(seen.filter((line) => line.startsWith('chat'))).toEqual([
      'chat "chats.list[0]"',
      'chat "chats.list[1]"',
      'chat "chats.list[2]"',
      'chat "chats.list[3]"',
      'chat "left_chats.list[0]"',
    ]);
  });

  it('reads the same in pieces of a few bytes as in one go', () => {
    for (const fixture of ['personal-chat', 'full-account']) {
      const file = join(FIXTURES, fixture, 'result.json');
      expect(events(file, 7)).toEqual(events(file));
    }
  });

  it('skips a byte order mark', () => {
    const file = join(tempDir(), 'result.json');
    writeFileSync(file, `\uFEFF{"name": "X", "type": "personal_chat", "id": 1, "messages": []}`);
    expect(events(file)).toEqual(['chat ""', '  name "X"', '  type "personal_chat"', '  id 1', 'end']);
  });

  it('names the line of a syntax error, and a cut-off file', () => {
    const broken = join(tempDir(), 'result.json');
    writeFileSync(broken, '{\n "name": "X",\n "type" "personal_chat"\n}');
    const error = readError(broken);
    expect(error).toBeInstanceOf(ExportFormatError);
    expect(error.message).toBe(`${broken} line 3 (byte 24): expected ':' after "type"`);

    const cut = join(tempDir(), 'cut.json');
    writeFileSync(cut, '{"name": "X", "type": "personal_chat", "id": 1, "messages": [{"id": 1');
    expect(readError(cut).message).toContain('the export ends early');
  });

  it('names the message that is not valid JSON, and refuses what is not an export', () => {
    const bad = join(tempDir(), 'bad.json');
    writeFileSync(bad, '{"id": 1, "type": "personal_chat", "messages": [{"id": 1}, {"id": 2,}]}');
    expect(readError(bad).message).toMatch(/^messages\[1\]: is not valid JSON/);

    const list = join(tempDir(), 'list.json');
    writeFileSync(list, '[1, 2]');
    expect(readError(list).message).toContain('expected a Telegram Desktop JSON export');

    const empty = join(tempDir(), 'empty.json');
    writeFileSync(empty, '  ');
    expect(readError(empty).message).toBe(`${empty}: the file is empty`);
  });
});
