import { describe, expect, it } from 'vitest';
import { type PlannedTask, scheduleReplyTasks } from '../../../src/main/engine/graph/schedule-reply';
import { NO_PACING, type Pacing } from '../../../src/main/engine/pacing/typing-delay';
import { GROUP, graphOf, NOW } from './graph-fixtures';

const PACING: Pacing = { startTypingDelaySeconds: 2, typingSpeed: 10, stickerDelaySeconds: 4 };

function schedule(
  tasks: PlannedTask[],
  options: { pacing?: Pacing; trigger?: number | null; group?: boolean } = {},
) {
  const graph = graphOf(
    [
      { id: 'old', kind: 'send', status: 'done' },
      { id: 'r', kind: 'received', status: 'active' },
    ],
    options.group ? GROUP : undefined,
  );
  const added = scheduleReplyTasks({
    graph,
    received: graph.node('r')!,
    tasks,
    pacing: options.pacing ?? PACING,
    groupTriggerMessageId: options.trigger ?? null,
    now: NOW,
  });
  return { graph, added };
}

const task = (id: string, kind: string, params: Record<string, unknown> = {}, dependsOn: string[] = []) => ({
  id,
  kind,
  params,
  dependsOn,
});

describe('scheduling a reply', () => {
  it('chains the tasks after the received task, with a typing wait before each send and sticker', () => {
    const { added } = schedule([
      task('s1', 'send', { text: 'Hello there' }),
      task('x', 'react', { emoji: '👍', message_id: 3 }),
      task('st', 'sticker', { sticker_set: 'Cats', name: '😺' }),
    ]);
    expect(added.map((node) => [node.kind, node.dependsOn, node.params.delay ?? null])).toEqual([
      ['wait', ['r'], 2 + 11 / 10],
      ['send', [added[0]!.id], null],
      ['react', ['s1'], null],
      ['wait', ['x'], 4],
      ['sticker', [added[3]!.id], null],
    ]);
    expect(added[0]!.params).toMatchObject({ typing: true });
  });

  it('adds no waits when pacing is off', () => {
    const { added } = schedule([task('s1', 'send', { text: 'Hello' }), task('st', 'sticker', {})], {
      pacing: NO_PACING,
    });
    expect(added.map((node) => node.kind)).toEqual(['send', 'sticker']);
    expect(added[1]!.dependsOn).toEqual(['s1']);
  });

  it('keeps depends_on that point back or at existing nodes and drops forward references', () => {
    const { added } = schedule(
      [
        task('a', 'react', {}, ['b']),
        task('b', 'react', {}, ['a', 'old']),
        task('c', 'react', {}, ['a', 'missing']),
      ],
      { pacing: NO_PACING },
    );
    expect(added.map((node) => node.dependsOn)).toEqual([['r'], ['a', 'old'], ['b', 'a']]);
  });

  it('in a group, makes the first send or sticker without reply_to a reply to the trigger message', () => {
    const { added } = schedule(
      [
        task('x', 'react', { emoji: '👍', message_id: 3 }),
        task('s1', 'send', { text: 'a' }),
        task('s2', 'send', { text: 'b' }),
      ],
      { pacing: NO_PACING, group: true, trigger: 41 },
    );
    expect(added.map((node) => node.params.reply_to ?? null)).toEqual([null, 41, null]);
  });

  it('leaves an explicit reply_to alone and defaults the next outward task instead', () => {
    const { added } = schedule(
      [
        task('s1', 'send', { text: 'a', reply_to: 7 }),
        task('s2', 'sticker', { sticker_set: 'C', name: 'x' }),
      ],
      { pacing: NO_PACING, group: true, trigger: 41 },
    );
    expect(added.map((node) => node.params.reply_to)).toEqual([7, 41]);
  });

  it('waits twice the sticker delay before a send_media, as a typing wait', () => {
    const { added } = schedule([
      task('st', 'sticker', { sticker_set: 'Cats', name: '😺' }),
      task('m', 'send_media', { unique_id: 'AgADphoto1' }),
    ]);
    expect(added.map((node) => [node.kind, node.dependsOn, node.params.delay ?? null])).toEqual([
      ['wait', ['r'], 4],
      ['sticker', [added[0]!.id], null],
      ['wait', ['st'], 8],
      ['send_media', [added[2]!.id], null],
    ]);
    expect(added[2]!.params).toMatchObject({ typing: true });
  });

  it('in a group, makes a send_media that comes first a reply to the trigger message', () => {
    const { added } = schedule(
      [
        task('m', 'send_media', { unique_id: 'AgADphoto1' }),
        task('s1', 'send', { text: 'that one is from last summer' }),
      ],
      { pacing: NO_PACING, group: true, trigger: 41 },
    );
    expect(added.map((node) => [node.kind, node.params.reply_to ?? null])).toEqual([
      ['send_media', 41],
      ['send', null],
    ]);
  });

  it('leaves a send_media with its own reply_to alone and defaults the next outward task', () => {
    const { added } = schedule(
      [task('m', 'send_media', { unique_id: 'AgADphoto1', reply_to: 7 }), task('s1', 'send', { text: 'a' })],
      { pacing: NO_PACING, group: true, trigger: 41 },
    );
    expect(added.map((node) => node.params.reply_to)).toEqual([7, 41]);
  });

  it('sets no default reply in a direct chat', () => {
    const { added } = schedule([task('s1', 'send', { text: 'a' })], { pacing: NO_PACING, trigger: null });
    expect(added[0]!.params.reply_to).toBeUndefined();
  });
});
