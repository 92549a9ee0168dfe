import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ConversationExporter } from '../runtime/conversation-export/conversation-export';
import { answerExportRequest } from '../runtime/conversation-export/export-request';
import { sendApiError } from './responses';

/** `GET /export/conversation?...` of the headless server: a conversation's export, for a signed-in browser only. */
export async function serveConversationExport(
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  options: { signedIn: boolean; exporter: ConversationExporter | undefined },
): Promise<void> {
  if (!options.signedIn) {
    sendApiError(response, 401, {
      code: 'unauthorized',
      message: 'Sign in to the console to export a conversation.',
    });
    return;
  }
  if (request.method !== 'GET') {
    sendApiError(response, 405, { code: 'invalid_input', message: 'Exports are fetched with GET.' });
    return;
  }
  const answer = await answerExportRequest(url, options.exporter);
  response.writeHead(answer.status, answer.headers);
  response.end(answer.body);
}
