import type { ServerResponse } from 'node:http';
import type { ApiErrorPayload } from '../../shared/api';

/**
 * Sent with every HTTP response: the console runs only its own scripts (and WebAssembly, for the
 * animated-sticker player; no eval) and is never framed.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

export function applySecurityHeaders(response: ServerResponse): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.setHeader(name, value);
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  response.end(text);
}

export function sendApiError(response: ServerResponse, status: number, error: ApiErrorPayload): void {
  sendJson(response, status, { error });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Text with its `backticked` parts shown as code, escaped. */
function noticeText(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

/** The console's look in a few lines: its card, type and colours, light or dark as the system is. */
const NOTICE_STYLE = `
:root{color-scheme:light dark;--bg:#f4f5f7;--card:#fff;--text:#1f2328;--dim:#59636e;--accent:#4c6ef5;--line:#dee2e6}
@media (prefers-color-scheme:dark){:root{--bg:#1a1b1e;--card:#25262b;--text:#e9ecef;--dim:#a6a7ab;--accent:#748ffc;--line:#373a40}}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--text);font:15px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif}
main{box-sizing:border-box;width:min(34rem,calc(100vw - 2rem));background:var(--card);border:1px solid var(--line);border-radius:12px;padding:1.75rem 2rem;box-shadow:0 1px 3px rgb(0 0 0/.08)}
.brand{display:flex;align-items:center;gap:.5rem;color:var(--dim);font-weight:600;font-size:.9rem;margin-bottom:1rem}
.brand span{display:inline-grid;place-items:center;width:1.6rem;height:1.6rem;border-radius:6px;background:var(--accent);color:#fff;font-size:.85rem}
h1{font-size:1.25rem;margin:0 0 .75rem}
p{margin:.5rem 0;color:var(--dim)}
code{font:.85em ui-monospace,SFMono-Regular,Menlo,monospace;background:var(--bg);border:1px solid var(--line);border-radius:4px;padding:.05em .3em}
a.action{display:inline-block;margin-top:1rem;padding:.45rem .9rem;border-radius:6px;background:var(--accent);color:#fff;text-decoration:none;font-weight:600}
`;

/**
 * A small self-contained page, in the console's look, for the cases where the console itself
 * cannot be shown; `action` is a link onwards (to the sign-in page, say).
 */
export function sendHtmlNotice(
  response: ServerResponse,
  status: number,
  title: string,
  paragraphs: string[],
  action?: { href: string; label: string },
): void {
  const body = paragraphs.map((text) => `<p>${noticeText(text)}</p>`).join('\n');
  const link = action
    ? `\n<a class="action" href="${escapeHtml(action.href)}">${escapeHtml(action.label)}</a>`
    : '';
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Troupe</title>
<style>${NOTICE_STYLE}</style>
</head>
<body><main>
<div class="brand"><span aria-hidden="true">T</span>Troupe</div>
<h1>${escapeHtml(title)}</h1>
${body}${link}
</main></body>
</html>
`;
  response.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
    'Cache-Control': 'no-store',
  });
  response.end(html);
}
