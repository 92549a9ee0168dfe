import { describe, expect, it } from 'vitest';
import { dropNullProperties, toStrictJsonSchema } from '../../../src/main/llm/strict-json-schema';
import { unwrapTaskListReply, wrapTaskListSchema } from '../../../src/main/llm/task-list-wrapping';

describe('toStrictJsonSchema', () => {
  it('requires every property, forbids others, and makes the optional ones nullable', () => {
    expect(
      toStrictJsonSchema({
        type: 'object',
        properties: {
          kind: { type: 'string' },
          text: { type: 'string' },
          reply_to: { type: ['integer', 'string'] },
        },
        required: ['kind', 'text'],
      }),
    ).toEqual({
      type: 'object',
      properties: {
        kind: { type: 'string' },
        text: { type: 'string' },
        reply_to: { type: ['integer', 'string', 'null'] },
      },
      required: ['kind', 'text', 'reply_to'],
      additionalProperties: false,
    });
  });

  it('adds null to the enum of an optional enum property', () => {
    const strict = toStrictJsonSchema({
      type: 'object',
      properties: { emoji: { type: 'string', enum: ['👍', '❤'] } },
    });
    expect(strict.properties).toEqual({ emoji: { type: ['string', 'null'], enum: ['👍', '❤', null] } });
  });

  it('wraps optional properties without a type (const, $ref) in anyOf with null', () => {
    const strict = toStrictJsonSchema({
      type: 'object',
      properties: { kind: { const: 'send' }, target: { $ref: '#/$defs/target' } },
      $defs: { target: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] } },
    });
    expect(strict.properties).toEqual({
      kind: { anyOf: [{ const: 'send' }, { type: 'null' }] },
      target: { anyOf: [{ $ref: '#/$defs/target' }, { type: 'null' }] },
    });
    expect(strict.$defs).toEqual({
      target: {
        type: 'object',
        properties: { id: { type: 'integer' } },
        required: ['id'],
        additionalProperties: false,
      },
    });
  });

  it('adds a null branch to an optional anyOf, once', () => {
    const strict = toStrictJsonSchema({
      type: 'object',
      properties: {
        id: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
        maybe: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      },
    });
    expect(strict.properties).toEqual({
      id: { anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] },
      maybe: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    });
  });

  it('rewrites the task kinds inside array items and anyOf, and oneOf as anyOf', () => {
    const strict = toStrictJsonSchema({
      type: 'array',
      items: {
        oneOf: [
          {
            type: 'object',
            properties: { kind: { const: 'think' }, text: { type: 'string' } },
            required: ['kind'],
          },
          { type: 'object', properties: { kind: { const: 'wait' }, delay: { type: 'integer', minimum: 0 } } },
        ],
      },
    });
    expect(strict).toEqual({
      type: 'array',
      items: {
        anyOf: [
          {
            type: 'object',
            properties: { kind: { const: 'think' }, text: { type: ['string', 'null'] } },
            required: ['kind', 'text'],
            additionalProperties: false,
          },
          {
            type: 'object',
            properties: {
              kind: { anyOf: [{ const: 'wait' }, { type: 'null' }] },
              delay: { type: ['integer', 'null'], minimum: 0 },
            },
            required: ['kind', 'delay'],
            additionalProperties: false,
          },
        ],
      },
    });
  });

  it('makes nested objects strict too, and leaves the input untouched', () => {
    const input = {
      type: 'object',
      properties: { inner: { type: 'object', properties: { a: { type: 'string' } } } },
      required: ['inner'],
    };
    const copy = structuredClone(input);
    const strict = toStrictJsonSchema(input);
    expect(strict.properties).toEqual({
      inner: {
        type: 'object',
        properties: { a: { type: ['string', 'null'] } },
        required: ['a'],
        additionalProperties: false,
      },
    });
    expect(input).toEqual(copy);
  });
});

describe('dropNullProperties', () => {
  it('removes null properties at every depth but keeps nulls inside arrays', () => {
    expect(
      dropNullProperties([{ kind: 'send', reply_to: null, meta: { a: null, b: 1 }, list: [null, 2] }]),
    ).toEqual([{ kind: 'send', meta: { b: 1 }, list: [null, 2] }]);
  });
});

describe('task list wrapping for strict structured output', () => {
  it('wraps the task array schema in a strict object with a required tasks property', () => {
    const wrapped = wrapTaskListSchema({ type: 'array', items: { type: 'object', properties: {} } });
    expect(wrapped).toEqual({
      type: 'object',
      properties: {
        tasks: {
          type: 'array',
          items: { type: 'object', properties: {}, required: [], additionalProperties: false },
        },
      },
      required: ['tasks'],
      additionalProperties: false,
    });
  });

  it('unwraps the array from the object and drops forced nulls', () => {
    expect(unwrapTaskListReply('{"tasks":[{"kind":"send","text":"hi","reply_to":null}]}')).toBe(
      '[{"kind":"send","text":"hi"}]',
    );
  });

  it('unwraps a wrapper inside a code fence', () => {
    expect(unwrapTaskListReply('```json\n{"tasks":[{"kind":"think","text":"hm"}]}\n```')).toBe(
      '[{"kind":"think","text":"hm"}]',
    );
  });

  it.each([
    ['invalid JSON', '{"tasks": [ {"kind": '],
    ['a bare array', '[{"kind":"think","text":"hm"}]'],
    ['an object without tasks', '{"kind":"think"}'],
    ['tasks that are not an array', '{"tasks":"none"}'],
    ['plain text', 'hello'],
  ])('hands back %s unchanged for the reply parser to judge', (_, text) => {
    expect(unwrapTaskListReply(text)).toBe(text);
  });
});
