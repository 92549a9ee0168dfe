import type { AgentConfig } from '../../../shared/domain/config';
import type { ConversationKey } from '../../../shared/domain/conversation-key';
import type { MemoryFact } from '../../../shared/domain/memory';
import { substituteTemplates } from '../../config/templates';
import { recordLlmUsage } from '../../llm';
import type { ArchivedMessage, FactOwner, Store } from '../../store';
import { askMemoryModel, conversationCall, type MemoryWorkDeps } from '../model-call';
import { memoryTranscript } from '../transcript';
import { EXTRACTION_RESPONSE_SCHEMA, type ExtractedFact, parseExtractionReply } from './fact-reply';
import { type FactWrite, recordFact, retractFactByKey } from './record-fact';

/** A conversation is read for facts once it has been quiet this long after a turn. */
export const FACT_EXTRACTION_QUIET_MS = 60_000;

/** The newest messages an extraction reads (the unread ones, and the earlier ones as context). */
const EXTRACTION_WINDOW = 60;

export interface ExtractionRequest {
  conversation: ConversationKey;
  agent: AgentConfig;
  /** The model memory work uses for this agent. */
  modelName: string;
  timeZone: string;
  signal: AbortSignal;
  /**
   * Read the oldest unread messages instead of the latest: an imported history is worked
   * through from its start, a window per call.
   */
  backlog?: boolean;
}

export interface ExtractionResult {
  /** Facts written: new ones and new values that superseded old ones. */
  written: number;
  retracted: number;
  /** The people whose facts changed. */
  partnerIds: number[];
  /** Why nothing was asked or written, when that is the case. */
  skipped?: string;
}

/**
 * What one reading shows the model: normally the latest messages, the unread ones among them to
 * read and the others as context; for a backlog, the oldest unread ones (the next call reads on).
 */
function readingWindow(
  store: Store,
  conversation: ConversationKey,
  through: number,
  backlog: boolean,
): { window: ArchivedMessage[]; unread: ArchivedMessage[] } {
  if (backlog) {
    const unread = store.archive
      .after(conversation, through, EXTRACTION_WINDOW)
      .filter((message) => message.deletedAt === null);
    return { window: unread, unread };
  }
  const window = store.archive
    .page(conversation, { limit: EXTRACTION_WINDOW })
    .filter((message) => message.deletedAt === null);
  return { window, unread: window.filter((message) => message.messageId > through) };
}

/** The people whose words the window holds (not the agent), by id, with the name they go by. */
function speakers(messages: readonly ArchivedMessage[], conversation: ConversationKey): Map<number, string> {
  const people = new Map<number, string>();
  for (const message of messages) {
    if (message.isAgent) continue;
    const id = message.senderId ?? (conversation.channelId > 0 ? conversation.channelId : null);
    if (id !== null) people.set(id, message.senderName ?? `user ${id}`);
  }
  return people;
}

function knownFactsJson(known: ReadonlyMap<number, { name: string; facts: MemoryFact[] }>): string {
  const people = [...known].map(([id, { name, facts }]) => ({
    id,
    name,
    facts: facts.map((fact) => ({ category: fact.category, key: fact.key, content: fact.content })),
  }));
  return JSON.stringify(people, null, 2);
}

/**
 * Reads what a conversation said since it was last read, and keeps the facts people stated
 * about themselves: one call to the memory model with what is already known, so it answers only
 * what is new or changed (an empty array when nothing is). Facts, retractions, the ledger row
 * (operation `extract`) and the reading mark are written in one transaction; a reply that is
 * not an array of facts writes only the ledger row and is logged, and the messages are read
 * again next time.
 */
export async function extractFacts(
  deps: MemoryWorkDeps,
  request: ExtractionRequest,
): Promise<ExtractionResult> {
  const { store, logger } = deps;
  const { conversation } = request;
  const through = store.facts.extractedThrough(conversation);
  const { window, unread } = readingWindow(store, conversation, through, request.backlog === true);
  if (!unread.some((message) => !message.isAgent)) {
    return { written: 0, retracted: 0, partnerIds: [], skipped: 'nobody has written since the last reading' };
  }
  const people = speakers(unread, conversation);
  const owner = (partnerId: number): FactOwner => ({
    agent: conversation.agent,
    network: conversation.network,
    partnerId,
  });
  const known = new Map(
    [...people].map(([id, name]) => [id, { name, facts: store.facts.current(owner(id)) }]),
  );
  const instructions = await deps.prompts().load('Instructions-Extract-Facts');
  const first = unread[0]!.messageId;
  const persona = substituteTemplates(instructions, {
    agentName: request.agent.name,
    agentId: request.agent.configName,
    userName: '',
    userId: conversation.channelId,
  });
  const systemPrompt = `${persona}\n\n# What You Know Already\n\n\`\`\`json\n${knownFactsJson(known)}\n\`\`\``;
  const ask = `${memoryTranscript(window, request.agent.name, request.timeZone)}\n\nWrite the facts stated in messages ${first} to ${unread.at(-1)!.messageId} (the earlier ones are context).`;
  const { reply, usage } = await askMemoryModel(
    deps,
    conversationCall(conversation, request.modelName, 'extract'),
    (provider, model) =>
      provider.queryStructured({
        model,
        systemPrompt,
        turns: [{ role: 'user', parts: [ask] }],
        responseSchema: EXTRACTION_RESPONSE_SCHEMA,
        signal: request.signal,
      }),
  );
  const parsed = parseExtractionReply(reply.text);
  if (!parsed.ok) {
    store.transaction(() => recordLlmUsage(store, usage));
    logger.warn({ conversation, reason: parsed.error }, 'fact extraction answer unusable; nothing written');
    return { written: 0, retracted: 0, partnerIds: [], skipped: parsed.error };
  }
  const unreadIds = new Set(unread.map((message) => message.messageId));
  const now = deps.now();
  const result = store.transaction(() => {
    recordLlmUsage(store, usage);
    const outcome: ExtractionResult = { written: 0, retracted: 0, partnerIds: [] };
    const changed = new Set<number>();
    for (const fact of parsed.facts) {
      const applied = applyExtracted(store, fact, { people, owner, unreadIds, conversation, now });
      if (applied === 'retracted') outcome.retracted++;
      else if (applied && applied.outcome !== 'unchanged') outcome.written++;
      if (applied === 'retracted' || (applied && applied.outcome !== 'unchanged')) changed.add(fact.about);
      if (applied && applied !== 'retracted' && applied.truncated)
        logger.info({ conversation, fact: applied.fact.id }, 'an extracted fact was cut to length');
    }
    store.facts.markExtracted(conversation, unread.at(-1)!.messageId);
    outcome.partnerIds = [...changed];
    return outcome;
  });
  if (parsed.dropped.length > 0)
    logger.info({ conversation, dropped: parsed.dropped }, 'extracted facts dropped');
  return result;
}

interface ApplyContext {
  people: ReadonlyMap<number, string>;
  owner: (partnerId: number) => FactOwner;
  unreadIds: ReadonlySet<number>;
  conversation: ConversationKey;
  now: Date;
}

/** One extracted fact, kept only when it is about someone who spoke (never the agent itself). */
function applyExtracted(
  store: Store,
  fact: ExtractedFact,
  context: ApplyContext,
): FactWrite | 'retracted' | null {
  if (!context.people.has(fact.about)) return null;
  const owner = context.owner(fact.about);
  if (fact.content === '') {
    if (!fact.key) return null;
    return retractFactByKey(store.facts, owner, fact.key, context.now) ? 'retracted' : null;
  }
  return recordFact(
    store.facts,
    owner,
    {
      category: fact.category,
      key: fact.key ?? null,
      content: fact.content,
      sourceChannelId: context.conversation.channelId,
      sourceMessageIds: fact.message_ids.filter((id) => context.unreadIds.has(id)),
      writtenBy: 'extraction',
    },
    context.now,
  );
}
