import { describe, expect, it } from 'vitest';
import { parseJoinTarget } from '../../../src/shared/domain/telegram-join-target';

describe('parseJoinTarget', () => {
  it.each([
    ['@galway_poetry', { kind: 'username', username: 'galway_poetry' }],
    ['galway_poetry', { kind: 'username', username: 'galway_poetry' }],
    ['https://t.me/galway_poetry', { kind: 'username', username: 'galway_poetry' }],
    ['t.me/galway_poetry/42?single', { kind: 'username', username: 'galway_poetry' }],
    ['telegram.me/galway_poetry', { kind: 'username', username: 'galway_poetry' }],
    ['tg://resolve?domain=galway_poetry&post=3', { kind: 'username', username: 'galway_poetry' }],
    ['  https://t.me/+AbC-d_123  ', { kind: 'invite', hash: 'AbC-d_123' }],
    ['https://t.me/joinchat/AbCd1234', { kind: 'invite', hash: 'AbCd1234' }],
    ['tg://join?invite=AbCd1234', { kind: 'invite', hash: 'AbCd1234' }],
  ])('reads %s', (text, target) => {
    expect(parseJoinTarget(text)).toEqual(target);
  });

  it.each([
    ['', /^Enter a @username, a t.me link/],
    ['https://example.com/group', /^Enter a @username, a t.me link/],
    ['t.me/', /^Enter a @username, a t.me link/],
    ['@9lives', /^“9lives” is not a Telegram username: those are 5 to 32/],
    ['no such thing!!', /^“no such thing!!” is not a Telegram username/],
    ['t.me/+ab', /cut short or mistyped/],
    ['tg://join?code=abcd', /cut short or mistyped/],
  ])('says what is wrong with %j', (text, message) => {
    const parsed = parseJoinTarget(text);
    expect('error' in parsed && parsed.error).toMatch(message);
  });
});
