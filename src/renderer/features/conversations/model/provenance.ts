import type { LlmExchangeView, LoggedTask } from '../../../../shared/api/conversation-contract';

/**
 * Reading an exchange for "why did it say this": the memories recall put in the final user turn
 * (`<recalled_memory>`, written by the runtime's memory/recall/render.ts), and the tasks a turn
 * planned in a few words.
 */

export type RecalledItem = { kind: string; date: string | null; from: string | null; text: string };

const BLOCK = /<recalled_memory>\n?([\s\S]*?)\n?<\/recalled_memory>/;
const ITEM = /<item ([^>]*)>([\s\S]*?)<\/item>/g;
const ATTRIBUTE = /(\w+)="([^"]*)"/g;

function unescapeXml(text: string): string {
  return text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');
}

/** What the agent recalled before the turn, in the order given; null when the turn recalled nothing. */
export function recalledMemory(exchange: Pick<LlmExchangeView, 'turns'>): RecalledItem[] | null {
  const lastUser = exchange.turns.findLast((turn) => turn.role === 'user');
  const block = lastUser?.parts.map((part) => BLOCK.exec(part)?.[1]).find((found) => found !== undefined);
  if (block === undefined) return null;
  return [...block.matchAll(ITEM)].map(([, attributes = '', text = '']) => {
    const named = new Map([...attributes.matchAll(ATTRIBUTE)].map(([, key, value]) => [key, value ?? '']));
    return {
      kind: named.get('kind') ?? 'memory',
      date: named.has('date') ? unescapeXml(named.get('date')!) : null,
      from: named.has('from') ? unescapeXml(named.get('from')!) : null,
      text: unescapeXml(text),
    };
  });
}

const detail = (task: LoggedTask, key: string): string | null => {
  const value = task.details[key];
  return typeof value === 'string' && value !== '' ? value : null;
};

/** A logged task in a few words: "send “See you”", "react 👍 to #12", "sticker wave". */
export function loggedTaskWords(task: LoggedTask, max = 60): string {
  const text = detail(task, 'text');
  if (text) return `${task.kind} “${text.length > max ? `${text.slice(0, max - 1)}…` : text}”`;
  const emoji = detail(task, 'emoji');
  const messageId = task.details.messageId;
  if (emoji)
    return typeof messageId === 'number' ? `${task.kind} ${emoji} to #${messageId}` : `${task.kind} ${emoji}`;
  const name = detail(task, 'name') ?? detail(task, 'uniqueId');
  return name ? `${task.kind} ${name}` : task.kind;
}
