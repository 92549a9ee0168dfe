import type { IncomingMessage, ServerResponse } from 'node:http';
import { type MediaFileRef, parseMediaFilePath } from '../../shared/api/media-contract';
import { type MediaFileSource, requestedRange } from '../runtime/media-file-source';
import { sendApiError } from './responses';

/** A file's bytes never change under its unique id, so the browser may keep it a day. */
const CACHE_CONTROL = 'private, max-age=86400';

function etagOf(ref: MediaFileRef): string {
  return `"${ref.uniqueId}"`;
}

/**
 * `GET /media/...` of the headless server: a file the console shows (see MediaFileSource), for a
 * signed-in browser only. The path names a file by kind and ids (parseMediaFilePath), never a
 * place on disk. Answers ranges, so audio and video can seek, and revalidates by unique id.
 */
export async function serveMediaFile(
  request: IncomingMessage,
  response: ServerResponse,
  pathname: string,
  options: { signedIn: boolean; source: MediaFileSource | undefined },
): Promise<void> {
  if (!options.signedIn) {
    sendApiError(response, 401, {
      code: 'unauthorized',
      message: 'Sign in to the console to see its media.',
    });
    return;
  }
  const ref = parseMediaFilePath(pathname);
  if (!ref || !options.source || (request.method !== 'GET' && request.method !== 'HEAD')) {
    sendApiError(response, 404, { code: 'not_found', message: 'There is no such media file.' });
    return;
  }
  if (request.headers['if-none-match'] === etagOf(ref)) {
    response.writeHead(304, { ETag: etagOf(ref), 'Cache-Control': CACHE_CONTROL });
    response.end();
    return;
  }
  const file = await options.source(ref);
  if (!file) {
    sendApiError(response, 404, {
      code: 'not_found',
      message: 'The file is not available (gone, or the agent is offline).',
    });
    return;
  }
  const size = file.bytes.byteLength;
  const range = requestedRange(request.headers.range, size);
  const headers = {
    'Content-Type': file.mimeType,
    'Cache-Control': CACHE_CONTROL,
    ETag: etagOf(ref),
    'Accept-Ranges': 'bytes',
  };
  if (range === 'invalid') {
    response.writeHead(416, { ...headers, 'Content-Range': `bytes */${size}` });
    response.end();
    return;
  }
  const body = range ? file.bytes.subarray(range.start, range.end + 1) : file.bytes;
  response.writeHead(range ? 206 : 200, {
    ...headers,
    'Content-Length': body.byteLength,
    ...(range ? { 'Content-Range': `bytes ${range.start}-${range.end}/${size}` } : {}),
  });
  response.end(request.method === 'HEAD' ? undefined : body);
}
