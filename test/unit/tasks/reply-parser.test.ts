import { describe, expect, it } from 'vitest';
import {
  assignGraphIds,
  DiscardedReplyError,
  MalformedReplyError,
  type ParsedTask,
  parseTaskReply,
} from '../../../src/main/tasks/reply-parser';
import type { TaskIdFactory } from '../../../src/main/tasks/task-id';
import { randomTaskId } from '../../../src/main/tasks/task-id';
import { IMMEDIATE_TASK_KINDS } from '../../../src/shared/domain/tasks';

/** Ids `<kind>-00000001`, `<kind>-00000002`, ... in the order they are asked for. */
function sequentialIds(): TaskIdFactory {
  let next = 0;
  return (kind) => `${kind}-${(++next).toString(16).padStart(8, '0')}`;
}

function parse(text: string): ParsedTask[] {
  return parseTaskReply(text, sequentialIds()).tasks;
}

describe('parseTaskReply', () => {
  it('reads every kind, the fields of each becoming params', () => {
    const tasks = parse(
      JSON.stringify([
        { kind: 'think', id: 't', text: 'She is asking about the weekend.' },
        { kind: 'send', id: 's', text: 'Quiet one!', reply_to: 5120 },
        { kind: 'sticker', id: 'st', sticker_set: 'CuteCats', name: '👋' },
        { kind: 'send_media', id: 'sm', unique_id: 'AgADphoto1', reply_to: 5120 },
        { kind: 'react', id: 'r', emoji: '👍', message_id: 5120 },
        { kind: 'wait', id: 'w', delay: 30 },
        { kind: 'block', id: 'b' },
        { kind: 'unblock', id: 'u' },
        { kind: 'clear-conversation', id: 'c' },
        { kind: 'xsend', id: 'x', target_channel_id: -100123, intent: 'Tell the group.' },
        { kind: 'remember', id: 'm', content: 'Priya studies nursing.', created: '2026-01-15' },
        { kind: 'note', id: 'n', content: 'Likes to be called Pri.' },
        { kind: 'plan', id: 'p', content: 'Ask about her exam.' },
        { kind: 'intend', id: 'i', content: 'Start a poetry evening.' },
      ]),
    );
    expect(tasks.map((task) => task.kind)).toEqual([
      'think',
      'send',
      'sticker',
      'send_media',
      'react',
      'wait',
      'block',
      'unblock',
      'clear-conversation',
      'xsend',
      'remember',
      'note',
      'plan',
      'intend',
    ]);
    expect(tasks[1]).toEqual({
      id: 's',
      kind: 'send',
      dependsOn: [],
      params: { text: 'Quiet one!', reply_to: 5120 },
    });
    expect(tasks[2]!.params).toEqual({ sticker_set: 'CuteCats', name: '👋' });
    expect(tasks[3]!.params).toEqual({ unique_id: 'AgADphoto1', reply_to: 5120 });
    expect(tasks[6]!.params).toEqual({});
    expect(tasks[9]!.params).toEqual({ target_channel_id: -100123, intent: 'Tell the group.' });
  });

  it('reads the photo kind as send_media, also for the id it generates', () => {
    expect(parse('[{"kind": " Photo ", "unique_id": "AgADphoto1"}]')).toEqual([
      {
        id: 'send_media-00000001',
        kind: 'send_media',
        dependsOn: [],
        params: { unique_id: 'AgADphoto1' },
      },
    ]);
  });

  it('keeps a send_media without unique_id as a task, for the kind check to fail it', () => {
    expect(parse('[{"kind": "send_media", "reply_to": 3}]')).toEqual([
      { id: 'send_media-00000001', kind: 'send_media', dependsOn: [], params: { reply_to: 3 } },
    ]);
  });

  it('does not read object properties such as constructor as an alias', () => {
    expect(parse('[{"kind": "constructor"}]')[0]!.kind).toBe('constructor');
  });

  it('passes kinds Troupe does not have through, to fail later as tasks', () => {
    expect(parse('[{"kind": "shutdown"}, {"kind": "dance", "style": "tango"}]')).toEqual([
      { id: 'shutdown-00000001', kind: 'shutdown', dependsOn: [], params: {} },
      { id: 'dance-00000002', kind: 'dance', dependsOn: [], params: { style: 'tango' } },
    ]);
  });

  it('lower-cases the kind', () => {
    expect(parse('[{"kind": " SEND ", "text": "hi"}]')[0]!.kind).toBe('send');
  });

  it('gives tasks without an id "<kind>-<8 hex>"', () => {
    const [task] = parseTaskReply('[{"kind": "send", "text": "hi"}]').tasks;
    expect(task!.id).toMatch(/^send-[0-9a-f]{8}$/);
    expect(randomTaskId('wait')).toMatch(/^wait-[0-9a-f]{8}$/);
  });

  it('reads depends_on as one id or a list, and numeric ids as strings', () => {
    const tasks = parse(
      JSON.stringify([
        { kind: 'send', id: 1, text: 'a' },
        { kind: 'send', id: 'b', text: 'b', depends_on: 1 },
        { kind: 'send', id: 'c', text: 'c', depends_on: ['b', 1, null] },
        { kind: 'send', id: 'd', text: 'd', depends_on: null },
      ]),
    );
    expect(tasks.map((task) => [task.id, task.dependsOn])).toEqual([
      ['1', []],
      ['b', ['1']],
      ['c', ['b', '1']],
      ['d', []],
    ]);
  });

  it('keeps the last task of a repeated id, where it was written', () => {
    const tasks = parse(
      JSON.stringify([
        { kind: 'send', id: 'greet', text: 'Hi' },
        { kind: 'wait', id: 'pause', delay: 2 },
        { kind: 'send', id: 'greet', text: 'Hello there' },
      ]),
    );
    expect(tasks.map((task) => [task.id, task.params])).toEqual([
      ['pause', { delay: 2 }],
      ['greet', { text: 'Hello there' }],
    ]);
  });

  it('strips one code fence around the array', () => {
    const fenced = '```json\n[{"kind": "think", "text": "ok"}]\n```';
    expect(parse(fenced)).toHaveLength(1);
    expect(parse('```\n[{"kind": "think", "text": "ok"}]\n```\n')).toHaveLength(1);
    expect(parse('  ```json [{"kind": "think", "text": "ok"}]```  ')).toHaveLength(1);
  });

  it('reads empty text (or an empty fence) as no tasks', () => {
    expect(parse('')).toEqual([]);
    expect(parse('  \n ')).toEqual([]);
    expect(parse('```json\n```')).toEqual([]);
    expect(parse('[]')).toEqual([]);
  });

  it('throws MalformedReplyError for text that is not JSON, or JSON that is not an array', () => {
    expect(() => parse('Sure! Here is my answer.')).toThrow(MalformedReplyError);
    expect(() => parse('[{"kind": "send", "text": "cut off')).toThrow(MalformedReplyError);
    expect(() => parse('⟦metadata⟧ sender="Juniper"')).toThrow(MalformedReplyError);
    expect(() => parse('{"tasks": []}')).toThrow(MalformedReplyError);
    expect(() => parse('"send"')).toThrow(MalformedReplyError);
  });

  it('throws DiscardedReplyError when an element is not an object or has no kind', () => {
    expect(() => parse('[{"kind": "send", "text": "a"}, "send"]')).toThrow(DiscardedReplyError);
    expect(() => parse('[null]')).toThrow(DiscardedReplyError);
    expect(() => parse('[[{"kind": "send"}]]')).toThrow(DiscardedReplyError);
    expect(() => parse('[{"text": "no kind"}]')).toThrow(DiscardedReplyError);
    expect(() => parse('[{"kind": ""}]')).toThrow(DiscardedReplyError);
    expect(() => parse('[{"kind": 5}]')).toThrow(/Task 1 of the reply has no kind/);
  });
});

describe('assignGraphIds', () => {
  const immediate = IMMEDIATE_TASK_KINDS;

  it('lets immediate tasks keep the id the model gave them, wherever they are in the list', () => {
    const ids = sequentialIds();
    const tasks = assignGraphIds(
      parse(
        JSON.stringify([
          { kind: 'send', id: 'a', text: 'a' },
          { kind: 'think', id: 'why', text: 'because' },
          { kind: 'remember', id: 'memory-1', content: 'x' },
          { kind: 'send', id: 'b', text: 'b' },
          { kind: 'think', text: 'again' },
        ]),
      ),
      immediate,
      ids,
    );
    expect(tasks.map((task) => task.id)).toEqual([
      'send-00000001',
      'why',
      'memory-1',
      'send-00000002',
      'think-00000001',
    ]);
  });

  it('treats unknown kinds as graph tasks', () => {
    const [task] = assignGraphIds(parse('[{"kind": "dance", "id": "d"}]'), immediate, sequentialIds());
    expect(task!.id).toBe('dance-00000001');
  });

  it('rewrites depends_on to the new ids', () => {
    const tasks = assignGraphIds(
      parse(
        JSON.stringify([
          { kind: 'send', id: 'first', text: 'a' },
          { kind: 'wait', id: 'pause', delay: 5, depends_on: 'first' },
          { kind: 'send', id: 'last', text: 'b', depends_on: ['pause', 'first'] },
        ]),
      ),
      immediate,
      sequentialIds(),
    );
    expect(tasks.map((task) => [task.id, task.dependsOn])).toEqual([
      ['send-00000001', []],
      ['wait-00000002', ['send-00000001']],
      ['send-00000003', ['wait-00000002', 'send-00000001']],
    ]);
  });

  it('drops dependencies on immediate tasks, unknown ids, and the task itself', () => {
    const tasks = assignGraphIds(
      parse(
        JSON.stringify([
          { kind: 'think', id: 'why', text: 'x' },
          { kind: 'send', id: 's', text: 'a', depends_on: ['why', 'nowhere', 's'] },
        ]),
      ),
      immediate,
      sequentialIds(),
    );
    expect(tasks[1]!.dependsOn).toEqual([]);
  });

  it('keeps params, kinds and order, and does not change its input', () => {
    const parsed = parse(
      '[{"kind": "send", "id": "a", "text": "hi"}, {"kind": "wait", "delay": 1, "depends_on": "a"}]',
    );
    const before = structuredClone(parsed);
    const tasks = assignGraphIds(parsed, immediate, sequentialIds());
    expect(parsed).toEqual(before);
    expect(tasks.map((task) => [task.kind, task.params])).toEqual([
      ['send', { text: 'hi' }],
      ['wait', { delay: 1 }],
    ]);
  });
});
