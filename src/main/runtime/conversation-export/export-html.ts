import { type TaskLogRowView, taskRowWords } from '../../../shared/api';
import type { ChatMsg, MessagePart } from '../../../shared/domain/conversation';
import { interleaveTaskRows } from '../../../shared/domain/task-log-interleave';

/** A message's file as the page links it: a path inside the zip, the console's media route, or none. */
export interface ExportedFile {
  href: string | null;
  mimeType: string | null;
}

export interface ExportSummary {
  text: string;
  /** The last message the summary covers; it is shown after it. */
  maxMessageId: number;
}

/** Everything the page shows, gathered; rendering is pure. */
export interface ExportDocument {
  agentName: string;
  chatTitle: string;
  networkLabel: string;
  exportedAt: Date;
  timeZone: string;
  /** Oldest first. */
  messages: readonly ChatMsg[];
  /** Older messages were left out (only the newest are exported). */
  truncated: boolean;
  /** By `${messageId}:${partIndex}`. */
  files: ReadonlyMap<string, ExportedFile>;
  summaries: readonly ExportSummary[];
  /** Oldest first; empty when the task log is not exported. */
  taskLog: readonly TaskLogRowView[];
  /** By message id. */
  translations: ReadonlyMap<number, string>;
  translationLanguage: string | null;
}

export const fileKey = (messageId: number, partIndex: number): string => `${messageId}:${partIndex}`;

/** Text safe inside an element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const STYLE = `
:root { color-scheme: light; --muted: #667085; --line: #e4e7ec; --agent: #eef4ff; --person: #f5f5f4; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d2939; background: #fff; }
main { max-width: 760px; margin: 0 auto; padding: 24px 16px 48px; }
header { border-bottom: 1px solid var(--line); margin-bottom: 16px; padding-bottom: 12px; }
h1 { font-size: 22px; margin: 0 0 4px; }
.meta { color: var(--muted); font-size: 13px; margin: 0; }
.day { text-align: center; color: var(--muted); font-size: 12px; margin: 20px 0 8px; text-transform: uppercase; letter-spacing: .04em; }
.msg { margin: 6px 0; padding: 8px 12px; border-radius: 12px; background: var(--person); max-width: 88%; break-inside: avoid; }
.msg.agent { background: var(--agent); margin-left: auto; }
.who { font-weight: 600; font-size: 13px; }
.when { color: var(--muted); font-size: 12px; margin-left: 6px; font-weight: 400; }
.text { white-space: pre-wrap; overflow-wrap: anywhere; margin-top: 2px; }
.translation { white-space: pre-wrap; overflow-wrap: anywhere; margin-top: 6px; padding-top: 6px; border-top: 1px dashed #c8ccd2; color: #344054; font-style: italic; }
.service { text-align: center; color: var(--muted); font-size: 13px; margin: 8px 0; }
.media { margin-top: 6px; }
.media img, .media video { max-width: 100%; max-height: 360px; border-radius: 8px; display: block; }
.media audio { width: 100%; }
.media .missing { color: var(--muted); font-size: 13px; font-style: italic; }
.summary { border-left: 3px solid #9e77ed; background: #f9f5ff; padding: 8px 12px; margin: 10px 0; white-space: pre-wrap; font-size: 14px; break-inside: avoid; }
.summary b { display: block; font-size: 12px; color: #6941c6; }
.task { color: var(--muted); font: 12px/1.35 ui-monospace, SFMono-Regular, Menlo, monospace; margin: 2px 0; padding-left: 8px; border-left: 2px solid var(--line); overflow-wrap: anywhere; }
.task.failed { color: #b42318; border-color: #fda29b; }
.reactions { font-size: 13px; margin-top: 4px; }
footer { color: var(--muted); font-size: 12px; margin-top: 32px; border-top: 1px solid var(--line); padding-top: 8px; }
@media print { main { max-width: none; padding: 0; } .msg { max-width: 100%; } }
`;

function formatter(timeZone: string, options: Intl.DateTimeFormatOptions) {
  return new Intl.DateTimeFormat('en-GB', { timeZone, ...options });
}

function mediaHtml(part: Extract<MessagePart, { kind: 'media' }>, file: ExportedFile | undefined): string {
  const label = escapeHtml(part.fileName ?? part.description ?? part.mediaKind);
  const href = file?.href ? escapeHtml(file.href) : null;
  if (!href)
    return `<div class="media"><span class="missing">[${escapeHtml(part.mediaKind)}: not available]</span></div>`;
  const mime = file?.mimeType ?? '';
  const alt = escapeHtml(part.description ?? part.stickerName ?? part.mediaKind);
  if (mime.startsWith('image/'))
    return `<div class="media"><img src="${href}" alt="${alt}" loading="lazy"></div>`;
  if (mime.startsWith('video/'))
    return `<div class="media"><video src="${href}" controls muted loop playsinline></video></div>`;
  if (mime.startsWith('audio/')) return `<div class="media"><audio src="${href}" controls></audio></div>`;
  return `<div class="media"><a href="${href}" download>${label}</a></div>`;
}

function messageHtml(document: ExportDocument, message: ChatMsg, time: Intl.DateTimeFormat): string {
  const service = message.parts.find((part) => part.kind === 'service');
  if (service) return `<p class="service">${escapeHtml(service.text)}</p>`;
  const sender = message.isAgent ? document.agentName : (message.senderName ?? 'Someone');
  const body = message.parts
    .map((part, index) => {
      if (part.kind === 'text') return `<div class="text">${escapeHtml(part.text)}</div>`;
      if (part.kind === 'media') {
        if (part.customEmoji) return '';
        return mediaHtml(part, document.files.get(fileKey(message.messageId, index)));
      }
      if (part.kind === 'unknown')
        return `<div class="media"><span class="missing">[${escapeHtml(part.partKind)}]</span></div>`;
      return '';
    })
    .join('');
  const translation = document.translations.get(message.messageId);
  const reactions = message.reactions.map((reaction) => escapeHtml(reaction.emoji)).join(' ');
  const edited = message.editedAt ? ' · edited' : '';
  return [
    `<article class="msg${message.isAgent ? ' agent' : ''}" id="m${message.messageId}">`,
    `<div class="who">${escapeHtml(sender)}<span class="when">${escapeHtml(time.format(new Date(message.sentAt)))}${edited}</span></div>`,
    body,
    translation === undefined
      ? ''
      : `<div class="translation" lang="${escapeHtml(document.translationLanguage ?? '')}">${escapeHtml(translation)}</div>`,
    reactions ? `<div class="reactions">${reactions}</div>` : '',
    '</article>',
  ].join('');
}

function taskHtml(row: TaskLogRowView, time: Intl.DateTimeFormat): string {
  const failed = row.failure !== null ? ' failed' : '';
  return `<div class="task${failed}">${escapeHtml(time.format(new Date(row.at)))} ${escapeHtml(taskRowWords(row, (usd) => `$${usd.toFixed(4)}`))}</div>`;
}

/**
 * The conversation as one standalone page: inline CSS, no scripts, every message text escaped,
 * media linked as `files` says; summaries after the last message they cover, task-log rows
 * between the messages at their times, translations under their messages.
 */
export function renderExportHtml(document: ExportDocument): string {
  const { timeZone } = document;
  const time = formatter(timeZone, { hour: '2-digit', minute: '2-digit' });
  const taskTime = formatter(timeZone, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const day = formatter(timeZone, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  const stamp = formatter(timeZone, { dateStyle: 'long', timeStyle: 'short' });
  const rows = interleaveTaskRows(
    document.messages.map((message) => message.sentAt),
    document.taskLog,
  );
  const summariesAfter = new Map<number, ExportSummary[]>();
  for (const summary of document.summaries) {
    const anchor = document.messages.findLast((message) => message.messageId <= summary.maxMessageId);
    if (anchor)
      summariesAfter.set(anchor.messageId, [...(summariesAfter.get(anchor.messageId) ?? []), summary]);
  }
  const parts: string[] = rows.leading.map((row) => taskHtml(row, taskTime));
  let lastDay = '';
  document.messages.forEach((message, index) => {
    const label = day.format(new Date(message.sentAt));
    if (label !== lastDay) parts.push(`<div class="day">${escapeHtml(label)}</div>`);
    lastDay = label;
    parts.push(messageHtml(document, message, time));
    for (const summary of summariesAfter.get(message.messageId) ?? []) {
      parts.push(`<aside class="summary"><b>Summary</b>${escapeHtml(summary.text)}</aside>`);
    }
    for (const row of rows.after[index] ?? []) parts.push(taskHtml(row, taskTime));
  });
  const title = `${document.chatTitle} — ${document.agentName}`;
  const count = document.messages.length.toLocaleString('en');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<header>
<h1>${escapeHtml(document.chatTitle)}</h1>
<p class="meta">${escapeHtml(document.agentName)} · ${escapeHtml(document.networkLabel)} · ${count} messages${document.truncated ? ' (the newest; older ones left out)' : ''} · exported ${escapeHtml(stamp.format(document.exportedAt))} (${escapeHtml(timeZone)})</p>
</header>
${parts.join('\n')}
<footer>Exported from Troupe.</footer>
</main>
</body>
</html>
`;
}
