import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, sep } from 'node:path';
import { sendHtmlNotice } from './responses';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

/** Vite emits content-hashed file names under `assets/`, so those can be cached for good. */
const HASHED_ASSETS_PREFIX = '/assets/';

type StaticRequestPath = { kind: 'file'; segments: string[] } | { kind: 'rejected' };

/**
 * Splits a request path into plain file-name segments. Anything that could step outside the
 * console directory (`..`, encoded slashes, backslashes, NUL) or reach a hidden file is refused
 * here, before the file system is touched.
 */
function parseRequestPath(pathname: string): StaticRequestPath {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { kind: 'rejected' };
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return { kind: 'rejected' };
  const segments = decoded.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment.startsWith('.'))) return { kind: 'rejected' };
  return { kind: 'file', segments };
}

async function regularFileInside(root: string, segments: string[]): Promise<string | undefined> {
  try {
    const realRoot = await realpath(root);
    // realpath resolves symlinks, so a link inside the build output cannot point outside it.
    const realFile = await realpath(join(realRoot, ...segments));
    if (!realFile.startsWith(realRoot + sep)) return undefined;
    return (await stat(realFile)).isFile() ? realFile : undefined;
  } catch {
    return undefined;
  }
}

async function sendFile(
  request: IncomingMessage,
  response: ServerResponse,
  file: string,
  cacheControl: string,
): Promise<void> {
  const { size } = await stat(file);
  response.writeHead(200, {
    'Content-Type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': size,
    'Cache-Control': cacheControl,
  });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  createReadStream(file)
    .on('error', () => response.destroy())
    .pipe(response);
}

function sendConsoleNotBuilt(response: ServerResponse): void {
  sendHtmlNotice(response, 503, 'The Troupe console has not been built', [
    'This server runs the Troupe runtime, but the browser console files are missing.',
    'Run `npm run build` in the Troupe directory, then restart `troupe serve`.',
  ]);
}

/**
 * Serves the built console from `root`. Paths without a file extension that match no file are
 * client-side routes and get `index.html`.
 */
export function createStaticFileHandler(root: string) {
  return async function serveStatic(
    request: IncomingMessage,
    response: ServerResponse,
    pathname: string,
  ): Promise<void> {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const indexFile = await regularFileInside(root, ['index.html']);
    if (!indexFile) {
      sendConsoleNotBuilt(response);
      return;
    }
    const parsed = parseRequestPath(pathname);
    if (parsed.kind === 'rejected') {
      sendHtmlNotice(response, 404, 'Not found', ['There is no such file in the Troupe console.']);
      return;
    }
    const file = parsed.segments.length > 0 ? await regularFileInside(root, parsed.segments) : undefined;
    if (file) {
      const immutable = pathname.startsWith(HASHED_ASSETS_PREFIX);
      await sendFile(request, response, file, immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      return;
    }
    const lastSegment = parsed.segments.at(-1) ?? '';
    if (extname(lastSegment) !== '') {
      sendHtmlNotice(response, 404, 'Not found', ['There is no such file in the Troupe console.']);
      return;
    }
    await sendFile(request, response, indexFile, 'no-cache');
  };
}
