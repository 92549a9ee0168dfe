/**
 * Whether `text` @-mentions `username`, as Telegram decides it: the handle, case-insensitive,
 * not glued to a longer handle or an e-mail address.
 */
export function mentionsUsername(text: string, username: string | null): boolean {
  if (!username) return false;
  const escaped = username.replace(/[^A-Za-z0-9_]/g, '\\$&');
  return new RegExp(`(?<![A-Za-z0-9_@.])@${escaped}(?![A-Za-z0-9_])`, 'i').test(text);
}
