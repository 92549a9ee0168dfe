import { describe, expect, it } from 'vitest';
import {
  NEED_MORE,
  type OmittedRange,
  skipObjectOmitting,
  skipValue,
} from '../../../../src/main/memory/history-import/json-scan';

const KEY = Buffer.from('"text_entities"');

function omitting(json: string): { end: number; rest: string } {
  const buffer = Buffer.from(json);
  const omitted: OmittedRange = { start: -1, end: -1 };
  const end = skipObjectOmitting(buffer, 0, buffer.length, KEY, omitted);
  const rest =
    omitted.start === -1
      ? buffer.toString('utf8', 0, end)
      : buffer.toString('utf8', 0, omitted.start) + buffer.toString('utf8', omitted.end, end);
  return { end, rest };
}

describe('walking JSON bytes', () => {
  it('steps over strings, containers and scalars, escapes and brackets in strings included', () => {
    const json = Buffer.from('{"a": "x\\"}]", "b": [1, {"c": "{"}]} , 42');
    expect(skipValue(json, 0, json.length, false)).toBe(json.indexOf(' ,'));
    const tail = json.indexOf('42');
    expect(skipValue(json, tail, json.length, true)).toBe(json.length);
    expect(skipValue(json, tail, json.length, false)).toBe(NEED_MORE);
  });

  it('asks for more when the value is cut off', () => {
    const json = Buffer.from('{"a": "unfinished');
    expect(skipValue(json, 0, json.length, false)).toBe(NEED_MORE);
  });

  it('leaves out the named top-level member with one comma, wherever it stands', () => {
    expect(JSON.parse(omitting('{"id": 1, "text": "hi", "text_entities": [{"text": "hi"}]}').rest)).toEqual({
      id: 1,
      text: 'hi',
    });
    expect(JSON.parse(omitting('{"text_entities": [], "id": 1}').rest)).toEqual({ id: 1 });
    expect(JSON.parse(omitting('{"id": 1, "text_entities": [], "text": ""}').rest)).toEqual({
      id: 1,
      text: '',
    });
    expect(JSON.parse(omitting('{"text_entities": []}').rest)).toEqual({});
  });

  it('keeps a nested member or a value that only looks like the key', () => {
    const nested = '{"poll": {"text_entities": 1}, "text": "text_entities"}';
    expect(omitting(nested).rest).toBe(nested);
    expect(omitting(nested).end).toBe(nested.length);
  });
});
