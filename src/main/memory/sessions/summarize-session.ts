import { z } from 'zod';
import type { AgentConfig } from '../../../shared/domain/config';
import type { ConversationKey } from '../../../shared/domain/conversation-key';
import type { SessionSummary } from '../../../shared/domain/memory';
import { substituteTemplates } from '../../config/templates';
import { recordLlmUsage } from '../../llm';
import type { ArchivedMessage } from '../../store';
import { randomHex8 } from '../../tasks/task-id';
import { archivedSince } from '../conversation-archive';
import { parseJsonReply } from '../json-reply';
import { askMemoryModel, conversationCall, type MemoryWorkDeps } from '../model-call';
import { memoryTranscript } from '../transcript';

/** A conversation's new messages are summarized once it has been this quiet. */
export const SESSION_QUIET_MS = 30 * 60_000;
/** The most messages one session summary reads (the newest). */
const SESSION_WINDOW = 200;
/** Fewer new messages than this are no session to summarize yet. */
const SESSION_MIN_MESSAGES = 4;
const MAX_TOPICS = 3;

export const SESSION_RESPONSE_SCHEMA = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      topic: { type: 'string' },
      content: { type: 'string' },
      first_message_id: { type: 'integer' },
      last_message_id: { type: 'integer' },
    },
    required: ['topic', 'content', 'first_message_id', 'last_message_id'],
  },
} as const;

const TopicSchema = z.object({
  topic: z.string().trim().min(1).max(120),
  content: z.string().trim().min(1).max(2000),
  first_message_id: z.coerce.number().int(),
  last_message_id: z.coerce.number().int(),
});

export interface SessionRequest {
  conversation: ConversationKey;
  agent: AgentConfig;
  modelName: string;
  timeZone: string;
  signal: AbortSignal;
}

export interface SessionResult {
  written: number;
  skipped?: string;
}

/** A topic's messages: those of the session between its first and last id (at least one). */
function coveredBy(messages: readonly ArchivedMessage[], first: number, last: number): ArchivedMessage[] {
  const low = Math.min(first, last);
  const high = Math.max(first, last);
  return messages.filter((message) => message.messageId >= low && message.messageId <= high);
}

/**
 * After a quiet stretch, the conversation's new messages as 1–3 topic summaries for recall (they
 * never shorten the prompt's history). One call to the memory model; a trivial session answers
 * `[]`. The summaries, the ledger row (`session_summary`) and the reading mark are one
 * transaction; an answer that is not a list of topics writes only the ledger row and is logged,
 * and the messages are read again next time.
 */
export async function summarizeSession(
  deps: MemoryWorkDeps,
  request: SessionRequest,
): Promise<SessionResult> {
  const { store, logger } = deps;
  const { conversation } = request;
  const mark = store.sessionMemory.mark(conversation, 'session');
  const messages = archivedSince(store, conversation, mark.throughMessageId, SESSION_WINDOW);
  if (messages.length < SESSION_MIN_MESSAGES) return { written: 0, skipped: 'too few new messages' };
  const instructions = substituteTemplates(await deps.prompts().load('Instructions-Summarize-Session'), {
    agentName: request.agent.name,
    agentId: request.agent.configName,
    userName: '',
    userId: conversation.channelId,
  });
  const { reply, usage } = await askMemoryModel(
    deps,
    conversationCall(conversation, request.modelName, 'session_summary'),
    (provider, model) =>
      provider.queryStructured({
        model,
        systemPrompt: instructions,
        turns: [{ role: 'user', parts: [memoryTranscript(messages, request.agent.name, request.timeZone)] }],
        responseSchema: SESSION_RESPONSE_SCHEMA,
        signal: request.signal,
      }),
  );
  const parsed = parseJsonReply(reply.text, z.array(TopicSchema).max(MAX_TOPICS * 2));
  if (!parsed.ok) {
    store.transaction(() => recordLlmUsage(store, usage));
    logger.warn({ conversation, reason: parsed.error }, 'session summary answer unusable; nothing written');
    return { written: 0, skipped: parsed.error };
  }
  const now = deps.now().toISOString();
  const sessions: SessionSummary[] = parsed.value.slice(0, MAX_TOPICS).flatMap((topic) => {
    const covered = coveredBy(messages, topic.first_message_id, topic.last_message_id);
    if (covered.length === 0) return [];
    return [
      {
        id: `session-${randomHex8()}`,
        topic: topic.topic,
        content: topic.content,
        minMessageId: covered[0]!.messageId,
        maxMessageId: covered.at(-1)!.messageId,
        firstAt: covered[0]!.sentAt,
        lastAt: covered.at(-1)!.sentAt,
        createdAt: now,
      },
    ];
  });
  store.transaction(() => {
    recordLlmUsage(store, usage);
    for (const session of sessions) store.sessionMemory.addSession(conversation, session);
    store.sessionMemory.setMark(conversation, 'session', {
      throughMessageId: messages.at(-1)!.messageId,
      night: null,
    });
  });
  return { written: sessions.length };
}
