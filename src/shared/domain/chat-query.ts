/**
 * How the operator names a chat to pick it: its id (a person's user id, or a group's `-100…`
 * id), a `@username`, or a `+phone` number. Parsed once, here, for the console and the runtime.
 */
export type ChatQuery =
  | { kind: 'id'; id: number }
  | { kind: 'username'; username: string }
  | { kind: 'phone'; phone: string };

const USERNAME = /^@?([A-Za-z][A-Za-z0-9_]{3,31})$/;
const PHONE = /^\+[\d\s().-]{6,24}$/;
const ID = /^-?\d{1,16}$/;

/** The query the text names, or why it names none (a sentence for the field). */
export function parseChatQuery(text: string): ChatQuery | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { error: 'Enter a user id, an @username or a +phone number.' };
  if (ID.test(trimmed)) {
    const id = Number(trimmed);
    if (Number.isSafeInteger(id) && id !== 0) return { kind: 'id', id };
  }
  if (PHONE.test(trimmed)) {
    const digits = trimmed.replace(/\D/g, '');
    if (digits.length >= 7 && digits.length <= 15) return { kind: 'phone', phone: `+${digits}` };
    return { error: 'A phone number has 7 to 15 digits after the +.' };
  }
  const username = USERNAME.exec(trimmed);
  if (username) return { kind: 'username', username: username[1]! };
  return {
    error: 'That is not a user id (digits), an @username (5 to 32 letters, digits or _) or a +phone number.',
  };
}

/** The query as the operator would write it again. */
export function formatChatQuery(query: ChatQuery): string {
  if (query.kind === 'id') return String(query.id);
  return query.kind === 'username' ? `@${query.username}` : query.phone;
}
