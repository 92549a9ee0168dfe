import { describe, expect, it } from 'vitest';
import { allowedTaskKinds, buildResponseSchema } from '../../../src/main/tasks/response-schema';

interface TaskObjectSchema {
  type: string;
  properties: Record<string, { enum?: string[] } & Record<string, unknown>>;
  required: string[];
  additionalProperties: boolean;
}

function kindsOf(schema: Record<string, unknown>): string[] {
  const items = schema.items as { anyOf: TaskObjectSchema[] };
  return items.anyOf.map((task) => task.properties.kind!.enum![0]!);
}

function taskSchema(schema: Record<string, unknown>, kind: string): TaskObjectSchema {
  const items = schema.items as { anyOf: TaskObjectSchema[] };
  const found = items.anyOf.find((task) => task.properties.kind!.enum![0] === kind);
  if (!found) throw new Error(`no ${kind} in schema`);
  return found;
}

describe('buildResponseSchema', () => {
  it('is an array of tasks, one closed object schema per allowed kind', () => {
    const schema = buildResponseSchema(['send', 'think']);
    expect(schema.type).toBe('array');
    expect(kindsOf(schema)).toEqual(['think', 'send']);
    expect(taskSchema(schema, 'send')).toEqual({
      type: 'object',
      properties: {
        kind: { type: 'string', enum: ['send'] },
        id: { type: 'string' },
        text: { type: 'string' },
        reply_to: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
        depends_on: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
      },
      required: ['kind', 'text'],
      additionalProperties: false,
    });
  });

  it('filters to a single kind, adding think', () => {
    expect(kindsOf(buildResponseSchema(['xsend']))).toEqual(['think', 'xsend']);
  });

  it('filters to several kinds, in a fixed order whatever the order asked', () => {
    const kinds = ['wait', 'unblock', 'send', 'react', 'block', 'sticker', 'think'];
    expect(kindsOf(buildResponseSchema(kinds))).toEqual([
      'think',
      'send',
      'sticker',
      'react',
      'wait',
      'block',
      'unblock',
    ]);
    expect(buildResponseSchema(kinds)).toEqual(buildResponseSchema([...kinds].reverse()));
  });

  it('still allows think when nothing is allowed', () => {
    expect(kindsOf(buildResponseSchema([]))).toEqual(['think']);
  });

  it('ignores kinds Troupe does not implement, and the internal received kind', () => {
    expect(kindsOf(buildResponseSchema(['teleport', 'received', 'SEND ']))).toEqual(['think', 'send']);
  });

  it('offers the required fields of each kind', () => {
    const schema = buildResponseSchema(['sticker', 'react', 'wait', 'xsend', 'remember', 'note']);
    expect(taskSchema(schema, 'sticker').required).toEqual(['kind', 'sticker_set', 'name']);
    expect(taskSchema(schema, 'react').required).toEqual(['kind', 'emoji', 'message_id']);
    expect(taskSchema(schema, 'react').properties.emoji!.enum).toContain('👍');
    expect(taskSchema(schema, 'wait').properties.delay).toEqual({
      type: 'integer',
      minimum: 0,
      maximum: 2_592_000,
    });
    expect(taskSchema(schema, 'xsend').required).toEqual(['kind', 'target_channel_id']);
    expect(taskSchema(schema, 'remember').required).toEqual(['kind']);
    expect(taskSchema(schema, 'note').required).toEqual(['kind', 'content']);
  });

  it('offers send_media with a required unique id and an optional reply_to', () => {
    expect(taskSchema(buildResponseSchema(['send_media']), 'send_media')).toEqual({
      type: 'object',
      properties: {
        kind: { type: 'string', enum: ['send_media'] },
        id: { type: 'string' },
        unique_id: { type: 'string' },
        reply_to: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
        depends_on: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
      },
      required: ['kind', 'unique_id'],
      additionalProperties: false,
    });
  });

  it('is shared and frozen: changing it throws and leaves the next one as it was', () => {
    const first = buildResponseSchema(['send', 'react']);
    const pristine = structuredClone(first);
    expect(buildResponseSchema(['react', 'send'])).toBe(first);
    expect(() => {
      taskSchema(first, 'send').properties.text!.type = 'number';
    }).toThrow(TypeError);
    expect(() => (taskSchema(first, 'react').properties.emoji!.enum as string[]).push('🦖')).toThrow(
      TypeError,
    );
    expect(() => taskSchema(first, 'send').required.push('reply_to')).toThrow(TypeError);
    expect(buildResponseSchema(['send', 'react'])).toEqual(pristine);
  });
});

describe('allowedTaskKinds', () => {
  it('lists think and the implemented kinds asked for, in schema order', () => {
    expect(allowedTaskKinds(['schedule', 'event', 'remember', 'note', 'shutdown'])).toEqual([
      'think',
      'remember',
      'note',
      'event',
      'schedule',
    ]);
  });

  it('puts send_media after sticker, and lets the photo alias enable it', () => {
    expect(allowedTaskKinds(['react', 'send_media', 'sticker', 'send'])).toEqual([
      'think',
      'send',
      'sticker',
      'send_media',
      'react',
    ]);
    expect(allowedTaskKinds([' PHOTO '])).toEqual(['think', 'send_media']);
    expect(allowedTaskKinds(['send'])).not.toContain('send_media');
  });
});
