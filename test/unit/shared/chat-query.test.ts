import { describe, expect, it } from 'vitest';
import { formatChatQuery, parseChatQuery } from '../../../src/shared/domain/chat-query';

describe('naming a chat by id, @username or +phone', () => {
  it.each([
    ['9000000001', { kind: 'id', id: 9_000_000_001 }],
    ['-1001234567890', { kind: 'id', id: -1_001_234_567_890 }],
    ['@Lena_K', { kind: 'username', username: 'Lena_K' }],
    ['lena_k', { kind: 'username', username: 'lena_k' }],
    ['+1 (555) 010-9999', { kind: 'phone', phone: '+15550109999' }],
    ['  +44 20 7946 0958 ', { kind: 'phone', phone: '+442079460958' }],
  ])('reads %s', (text, query) => {
    expect(parseChatQuery(text)).toEqual(query);
  });

  it.each([
    ['', 'Enter a user id'],
    ['0', 'not a user id'],
    ['@abc', 'not a user id'],
    ['+12 34', 'not a user id'],
    ['+1234567890123456789', '7 to 15 digits'],
    ['hello there', 'not a user id'],
  ])('says what is wrong with "%s"', (text, sentence) => {
    expect(parseChatQuery(text)).toEqual({ error: expect.stringContaining(sentence) });
  });

  it('writes a query back as the operator would', () => {
    expect(formatChatQuery({ kind: 'username', username: 'lena_k' })).toBe('@lena_k');
    expect(formatChatQuery({ kind: 'phone', phone: '+15550109999' })).toBe('+15550109999');
    expect(formatChatQuery({ kind: 'id', id: 42 })).toBe('42');
  });
});
