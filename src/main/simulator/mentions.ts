/**
 * Whether `text` @-mentions `username`, as Telegram decides it: the handle, case-insensitive,
 * not glued to a longer handle or an e-mail address.
 */
export function mentionsUsername(text: string, username: string | null): boolean {
  // Most messages mention nobody: no pattern to build for them.
  if (!username || !text.includes('@')) return false;
  const escaped = username.replace(/[^A-Za-z0-9_]/g, '\\$&');
  return new RegExp(`(?<![A-Za-z0-9_@.])@${escaped}(?![A-Za-z0-9_])`, 'i').test(text);
}
