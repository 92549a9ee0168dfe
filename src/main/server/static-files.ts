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

/** The build's precompressed copies, best first, by the `Content-Encoding` they are sent with. */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

function acceptedEncodings(request: IncomingMessage): Set<string> {
  const header = request.headers['accept-encoding'];
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return new Set(
    value
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, quality]) => quality?.trim() !== 'q=0')
      .map(([name]) => name!.trim().toLowerCase()),
  );
}

/** The precompressed copy of `file` the browser accepts, when the build wrote one. */
async function precompressedCopy(
  request: IncomingMessage,
  file: string,
): Promise<{ path: string; size: number; encoding: string } | undefined> {
  const accepted = acceptedEncodings(request);
  for (const { encoding, suffix } of PRECOMPRESSED) {
    if (!accepted.has(encoding)) continue;
    try {
      const copy = await stat(file + suffix);
      if (copy.isFile()) return { path: file + suffix, size: copy.size, encoding };
    } catch {
      // No such copy: try the next encoding, else the file itself.
    }
  }
  return undefined;
}

async function sendFile(
  request: IncomingMessage,
  response: ServerResponse,
  file: string,
  cacheControl: string,
): Promise<void> {
  const compressed = await precompressedCopy(request, file);
  const body = compressed?.path ?? file;
  const size = compressed?.size ?? (await stat(file)).size;
  response.writeHead(200, {
    'Content-Type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': size,
    'Cache-Control': cacheControl,
    Vary: 'Accept-Encoding',
    ...(compressed ? { 'Content-Encoding': compressed.encoding } : {}),
  });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  createReadStream(body)
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
