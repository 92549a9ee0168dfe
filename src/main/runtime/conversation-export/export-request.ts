import { ApiError, parseConversationExportQuery } from '../../../shared/api';
import type { ConversationExporter } from './conversation-export';

/** An answer to an export request, for the server and the desktop's scheme alike to send. */
export interface ExportAnswer {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array | string;
}

const STATUS_OF: Partial<Record<ApiError['code'], number>> = {
  invalid_input: 400,
  not_found: 404,
  unavailable: 503,
  conflict: 409,
};

/** A time zone the runtime knows, else the machine's. */
function timeZoneOf(requested: string | null): string {
  if (requested) {
    try {
      return new Intl.DateTimeFormat('en', { timeZone: requested }).resolvedOptions().timeZone;
    } catch {
      // An unknown zone falls back to the machine's.
    }
  }
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** `filename*` carries the name as is; `filename` an ASCII stand-in for old clients. */
function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Answers `GET /export/conversation?...` (see `conversationExportPath`): the conversation's zip
 * as a download, or with `print=1` its page. A malformed address or a conversation that cannot be
 * read answers with the reason in plain text.
 */
export async function answerExportRequest(
  url: URL,
  exporter: ConversationExporter | undefined,
): Promise<ExportAnswer> {
  const plain = (status: number, message: string): ExportAnswer => ({
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    body: message,
  });
  if (!exporter) return plain(404, 'Exports are not available here.');
  const parsed = parseConversationExportQuery(url.searchParams);
  if (!parsed.ok) return plain(400, parsed.error);
  try {
    const file = await exporter({ ...parsed.query, timeZone: timeZoneOf(url.searchParams.get('tz')) });
    return {
      status: 200,
      headers: {
        'Content-Type': file.contentType,
        'Content-Length': String(file.bytes.byteLength),
        'Content-Disposition': contentDisposition(
          parsed.query.print ? 'inline' : 'attachment',
          file.fileName,
        ),
        'Cache-Control': 'no-store',
        // The page needs nothing but its own styles and the console's media.
        'Content-Security-Policy':
          "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; media-src 'self'",
      },
      body: file.bytes,
    };
  } catch (error) {
    if (error instanceof ApiError) return plain(STATUS_OF[error.code] ?? 500, error.message);
    throw error;
  }
}
