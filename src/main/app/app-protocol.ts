import { statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { net, protocol } from 'electron';
import { CONVERSATION_EXPORT_PATH } from '../../shared/api/conversation-tools-contract';
import { MEDIA_FILE_PREFIX, parseMediaFilePath } from '../../shared/api/media-contract';
import type { ConversationExporter } from '../runtime/conversation-export/conversation-export';
import { answerExportRequest } from '../runtime/conversation-export/export-request';
import { type MediaFileSource, requestedRange } from '../runtime/media-file-source';

/**
 * The production console is served from `app://troupe/` rather than `file://`: a real origin for
 * the CSP and the IPC sender check, and no access to the rest of the file system.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'troupe';
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/`;

/** Must run before the app is ready: privileges cannot be granted to a scheme afterwards. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    },
  ]);
}

function isFile(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
}

/**
 * The file under `rendererDir` that answers `requestUrl`, or null when nothing may answer it:
 * another host, a path escaping the directory, a missing file. The console routes with the URL
 * hash, so every page is `index.html` and no path needs a fallback.
 */
export function resolveRendererFile(rendererDir: string, requestUrl: string): string | null {
  let url: URL;
  let pathname: string;
  try {
    url = new URL(requestUrl);
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST || pathname.includes('\0')) return null;

  const root = resolve(rendererDir);
  const target = resolve(root, `.${pathname}`);
  const inside = relative(root, target);
  if (inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return null;
  const file = inside === '' ? join(root, 'index.html') : target;
  return isFile(file) ? file : null;
}

/**
 * A file of the console's media route (`app://troupe/media/...`, the same paths as the headless
 * server's): only the page itself loads them, and the path names a file by ids, never a place on
 * disk.
 */
async function mediaResponse(
  request: Request,
  source: MediaFileSource | undefined,
): Promise<Response | null> {
  const url = new URL(request.url);
  if (url.host !== APP_HOST || !url.pathname.startsWith(MEDIA_FILE_PREFIX)) return null;
  const ref = parseMediaFilePath(url.pathname);
  const file = ref && source ? await source(ref) : null;
  if (!file) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
  const size = file.bytes.byteLength;
  const headers = {
    'Content-Type': file.mimeType,
    'Cache-Control': 'private, max-age=86400',
    'Accept-Ranges': 'bytes',
  };
  // Players ask for ranges to seek.
  const range = requestedRange(request.headers.get('range'), size);
  if (range === 'invalid')
    return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${size}` } });
  if (range === null) return new Response(Buffer.from(file.bytes), { headers });
  return new Response(Buffer.from(file.bytes.subarray(range.start, range.end + 1)), {
    status: 206,
    headers: { ...headers, 'Content-Range': `bytes ${range.start}-${range.end}/${size}` },
  });
}

/** A conversation's export (`app://troupe/export/conversation?...`): a download the session saves, or the page to print. */
async function exportResponse(
  request: Request,
  exporter: ConversationExporter | undefined,
): Promise<Response | null> {
  const url = new URL(request.url);
  if (url.host !== APP_HOST || url.pathname !== CONVERSATION_EXPORT_PATH) return null;
  const answer = await answerExportRequest(url, exporter);
  const body = typeof answer.body === 'string' ? answer.body : Buffer.from(answer.body);
  return new Response(body, { status: answer.status, headers: answer.headers });
}

/**
 * Serves `rendererDir` on `app://troupe/`, with the console's CSP on every response, and the
 * console's media and export routes from `mediaFile` and `exporter` (the runtime's, once it has
 * started).
 */
export function serveRendererOverAppScheme(
  rendererDir: string,
  csp: string,
  mediaFile: () => MediaFileSource | undefined,
  exporter: () => ConversationExporter | undefined = () => undefined,
): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const media = (await mediaResponse(request, mediaFile())) ?? (await exportResponse(request, exporter()));
    if (media) return media;
    const file = resolveRendererFile(rendererDir, request.url);
    if (file === null) {
      return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
    }
    const response = await net.fetch(pathToFileURL(file).toString());
    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', csp);
    return new Response(response.body, { status: response.status, headers });
  });
}
