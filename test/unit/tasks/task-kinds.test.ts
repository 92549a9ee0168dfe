import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  canonicalReactionEmoji,
  REACTION_EMOJI,
  TASK_KIND_DEFINITIONS,
  validateTaskParams,
} from '../../../src/main/tasks/kinds';
import { MODEL_TASK_KINDS } from '../../../src/shared/domain/tasks';

function errorOf(kind: string, params: unknown): string {
  const result = validateTaskParams(kind, params);
  if (result.ok) throw new Error(`expected ${kind} ${JSON.stringify(params)} to be refused`);
  return result.error;
}

describe('task kind definitions', () => {
  it('cover exactly the kinds the model may write', () => {
    expect(Object.keys(TASK_KIND_DEFINITIONS).sort()).toEqual([...MODEL_TASK_KINDS].sort());
    for (const [kind, definition] of Object.entries(TASK_KIND_DEFINITIONS))
      expect(definition.kind).toBe(kind);
  });

  it('describe the same fields, and the same required ones, in zod and in JSON Schema', () => {
    for (const definition of Object.values(TASK_KIND_DEFINITIONS)) {
      const fromZod = z.toJSONSchema(definition.params, { io: 'input' }) as {
        properties?: Record<string, unknown>;
        required?: string[];
      };
      expect(Object.keys(definition.jsonProperties).sort(), definition.kind).toEqual(
        Object.keys(fromZod.properties ?? {}).sort(),
      );
      expect([...definition.required].sort(), definition.kind).toEqual([...(fromZod.required ?? [])].sort());
    }
  });
});

describe('validateTaskParams', () => {
  it('accepts a send with text and an optional reply_to, turning a numeric string into a number', () => {
    expect(validateTaskParams('send', { text: 'Hi!' })).toEqual({ ok: true, params: { text: 'Hi!' } });
    expect(validateTaskParams('send', { text: 'Hi!', reply_to: '5120' })).toEqual({
      ok: true,
      params: { text: 'Hi!', reply_to: 5120 },
    });
    expect(validateTaskParams('send', { text: '' })).toEqual({ ok: true, params: { text: '' } });
  });

  it('refuses a send without text or with a reply_to that is not a message id', () => {
    expect(errorOf('send', {})).toBe('send task: text is required');
    expect(errorOf('send', { text: 'x', reply_to: 'msg-5' })).toMatch(
      /^send task: reply_to must be a whole number/,
    );
    expect(errorOf('send', { text: 'x', reply_to: 0 })).toMatch(/reply_to must be a message id/);
    expect(errorOf('send', { text: 'x', reply_to: 2.5 })).toMatch(/reply_to must be a whole number/);
  });

  it('reads null as "not given", as strict providers fill optional fields with null', () => {
    expect(validateTaskParams('send', { text: 'Hi', reply_to: null })).toEqual({
      ok: true,
      params: { text: 'Hi' },
    });
    expect(errorOf('send', { text: null })).toBe('send task: text is required');
  });

  it('drops fields the kind does not have', () => {
    expect(validateTaskParams('wait', { delay: 3, reason: 'let her think' })).toEqual({
      ok: true,
      params: { delay: 3 },
    });
  });

  it('requires a sticker set and name, with an optional reply_to', () => {
    expect(validateTaskParams('sticker', { sticker_set: 'CuteCats', name: '👋', reply_to: 7 })).toEqual({
      ok: true,
      params: { sticker_set: 'CuteCats', name: '👋', reply_to: 7 },
    });
    expect(errorOf('sticker', { name: '👋' })).toBe('sticker task: sticker_set is required');
    expect(errorOf('sticker', { sticker_set: 'CuteCats', name: ' ' })).toBe(
      'sticker task: name must not be empty',
    );
  });

  it('requires a send_media unique id, with an optional reply_to', () => {
    expect(validateTaskParams('send_media', { unique_id: ' AgADxyz ', reply_to: '7' })).toEqual({
      ok: true,
      params: { unique_id: 'AgADxyz', reply_to: 7 },
    });
    expect(validateTaskParams('send_media', { unique_id: 'AgADxyz', reply_to: null })).toEqual({
      ok: true,
      params: { unique_id: 'AgADxyz' },
    });
    expect(errorOf('send_media', {})).toBe('send_media task: unique_id is required');
    expect(errorOf('send_media', { unique_id: null })).toBe('send_media task: unique_id is required');
    expect(errorOf('send_media', { unique_id: '  ' })).toBe('send_media task: unique_id must not be empty');
    expect(errorOf('send_media', { unique_id: 42 })).toBe('send_media task: unique_id must be a string');
  });

  it("accepts only Telegram's reaction emoji, with or without a variation selector", () => {
    expect(validateTaskParams('react', { emoji: '❤️', message_id: '12' })).toEqual({
      ok: true,
      params: { emoji: '❤', message_id: 12 },
    });
    expect(validateTaskParams('react', { emoji: '❤️‍🔥', message_id: 12 })).toEqual({
      ok: true,
      params: { emoji: '❤\u200d🔥', message_id: 12 },
    });
    expect(errorOf('react', { emoji: '🦖', message_id: 12 })).toBe(
      `react task: emoji "🦖" is not one of Telegram's reaction emoji`,
    );
    expect(errorOf('react', { emoji: '👍' })).toBe('react task: message_id is required');
  });

  it('lists the 73 standard reactions once each, without variation selectors', () => {
    expect(REACTION_EMOJI).toHaveLength(73);
    expect(new Set(REACTION_EMOJI).size).toBe(73);
    expect(REACTION_EMOJI.some((emoji) => emoji.includes('\uFE0F'))).toBe(false);
    expect(canonicalReactionEmoji(' 👍 ')).toBe('👍');
    expect(canonicalReactionEmoji('like')).toBeNull();
  });

  it('takes a wait delay in whole seconds, zero included', () => {
    expect(validateTaskParams('wait', { delay: 0 })).toEqual({ ok: true, params: { delay: 0 } });
    expect(validateTaskParams('wait', { delay: '45' })).toEqual({ ok: true, params: { delay: 45 } });
    expect(errorOf('wait', { delay: -1 })).toBe('wait task: delay must be zero or more seconds');
    expect(errorOf('wait', {})).toBe('wait task: delay is required');
  });

  it('takes block, unblock and clear-conversation without fields', () => {
    for (const kind of ['block', 'unblock', 'clear-conversation']) {
      expect(validateTaskParams(kind, {})).toEqual({ ok: true, params: {} });
    }
  });

  it('reads an xsend target as a channel id, negative for groups, or keeps a name for the handler', () => {
    expect(validateTaskParams('xsend', { target_channel_id: '-100123', intent: 'Say hi.' })).toEqual({
      ok: true,
      params: { target_channel_id: -100123, intent: 'Say hi.' },
    });
    expect(validateTaskParams('xsend', { target_channel_id: 712004455 })).toEqual({
      ok: true,
      params: { target_channel_id: 712004455 },
    });
    expect(validateTaskParams('xsend', { target_channel_id: 712004455, intent: '' })).toEqual({
      ok: true,
      params: { target_channel_id: 712004455, intent: '' },
    });
    expect(validateTaskParams('xsend', { target_channel_id: '@dara' })).toEqual({
      ok: true,
      params: { target_channel_id: '@dara' },
    });
    expect(errorOf('xsend', { intent: 'Say hi.' })).toBe('xsend task: target_channel_id is required');
    expect(errorOf('xsend', { target_channel_id: 1.5 })).toMatch(/target_channel_id must be a channel id/);
  });

  it('accepts property entries with content and created; remember may leave content out to delete', () => {
    expect(validateTaskParams('remember', {})).toEqual({ ok: true, params: {} });
    expect(validateTaskParams('remember', { content: 'x', created: ' 2026-01-15 ' })).toEqual({
      ok: true,
      params: { content: 'x', created: '2026-01-15' },
    });
    for (const kind of ['note', 'plan', 'intend']) {
      expect(validateTaskParams(kind, { content: '' })).toEqual({ ok: true, params: { content: '' } });
      expect(errorOf(kind, {})).toBe(`${kind} task: content is required`);
    }
  });

  it('requires think text', () => {
    expect(validateTaskParams('think', { text: 'hmm' })).toEqual({ ok: true, params: { text: 'hmm' } });
    expect(errorOf('think', {})).toBe('think task: text is required');
  });

  it('refuses unknown kinds and params that are not an object', () => {
    expect(errorOf('shutdown', {})).toBe('"shutdown" is not a task kind Troupe knows');
    expect(errorOf('received', {})).toBe('"received" is not a task kind Troupe knows');
    expect(errorOf('send', ['hi'])).toBe('send task: its fields must form an object');
  });

  it('types the params of a known kind', () => {
    const result = validateTaskParams('react', { emoji: '👍', message_id: 3 });
    if (!result.ok) throw new Error(result.error);
    const messageId: number = result.params.message_id;
    expect(messageId).toBe(3);
  });
});
