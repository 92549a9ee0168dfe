/**
 * What the operator pastes to have an agent join a group or channel: a public `@username`, a
 * `t.me/username` link, or a private invite link (`t.me/+hash`, `t.me/joinchat/hash`,
 * `tg://join?invite=hash`). Parsed once, here, for the console's field and the runtime.
 */
export type JoinTarget = { kind: 'username'; username: string } | { kind: 'invite'; hash: string };

const USERNAME = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;
const INVITE_HASH = /^[A-Za-z0-9_-]{4,64}$/;
/** The web addresses Telegram answers links on. */
const LINK_HOST = /^(?:https?:\/\/)?(?:www\.)?(?:t\.me|telegram\.me|telegram\.dog)\/(.*)$/i;

const HOW = 'Enter a @username, a t.me link or an invite link such as t.me/+AbCdEf.';

function usernameTarget(name: string): JoinTarget | { error: string } {
  if (USERNAME.test(name)) return { kind: 'username', username: name };
  return {
    error: `“${name}” is not a Telegram username: those are 5 to 32 letters, digits or underscores, starting with a letter.`,
  };
}

function inviteTarget(hash: string): JoinTarget | { error: string } {
  return INVITE_HASH.test(hash)
    ? { kind: 'invite', hash }
    : { error: 'This invite link is cut short or mistyped.' };
}

/** A t.me path: `+hash`, `joinchat/hash`, or `username` (a post number or query after it is ignored). */
function linkPathTarget(path: string): JoinTarget | { error: string } {
  const [first = '', second = ''] = path.split(/[?#]/)[0]!.split('/');
  if (first.startsWith('+')) return inviteTarget(first.slice(1));
  if (first.toLowerCase() === 'joinchat') return inviteTarget(second);
  if (first === '') return { error: HOW };
  return usernameTarget(first);
}

/** tg://join?invite=hash and tg://resolve?domain=username, as Telegram's apps share them. */
function appLinkTarget(link: string): JoinTarget | { error: string } {
  const match = /^tg:\/\/(join|resolve)\?(.*)$/i.exec(link);
  if (!match) return { error: HOW };
  const join = match[1]!.toLowerCase() === 'join';
  const wanted = join ? 'invite' : 'domain';
  const value = match[2]!
    .split('&')
    .map((pair) => pair.split('='))
    .find(([name]) => name === wanted)?.[1];
  return join ? inviteTarget(value ?? '') : usernameTarget(value ?? '');
}

/** The group or channel the text names, or a sentence for the field saying what to fix. */
export function parseJoinTarget(text: string): JoinTarget | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { error: HOW };
  if (/^tg:/i.test(trimmed)) return appLinkTarget(trimmed);
  const link = LINK_HOST.exec(trimmed);
  if (link) return linkPathTarget(link[1]!);
  if (trimmed.includes('/') || trimmed.includes(':')) return { error: HOW };
  return usernameTarget(trimmed.replace(/^@/, ''));
}
