import { z } from 'zod';
import type { AgentConfig } from '../../../shared/domain/config';
import type { ConversationKey } from '../../../shared/domain/conversation-key';
import { substituteTemplates } from '../../config/templates';
import { recordLlmUsage } from '../../llm';
import type { ArchivedMessage, FactOwner, Store } from '../../store';
import { randomHex8 } from '../../tasks/task-id';
import { archivedSince } from '../conversation-archive';
import { normalizeCreated } from '../entries/created-time';
import { ModelFactSchema } from '../facts/fact-reply';
import { recordFact, sameSentence } from '../facts/record-fact';
import { parseJsonReply } from '../json-reply';
import { askMemoryModel, conversationCall, type MemoryWorkDeps } from '../model-call';
import { memoryTranscript } from '../transcript';

/** The longest profile kept, in words; a longer one is cut (and the cut logged). */
export const MAX_PROFILE_WORDS = 550;
/** The most messages one reflection reads (the newest since the last). */
const REFLECTION_WINDOW = 400;

const ReflectionSchema = z.object(
  {
    profile: z.string().trim().default(''),
    facts: z.array(ModelFactSchema).default([]),
    intentions: z.array(z.object({ content: z.string().trim().min(1).max(500) })).default([]),
  },
  { error: 'the answer is not the JSON object with profile, facts and intentions that reflection asks for' },
);

export interface ReflectionRequest {
  /** A direct conversation: its partner is the person reflected on. */
  conversation: ConversationKey;
  agent: AgentConfig;
  modelName: string;
  timeZone: string;
  /** The agent's local date of the night this reflection belongs to (YYYY-MM-DD). */
  night: string;
  /** The newest message the reflection covers: messages after it belong to the next night. */
  throughMessageId: number;
  signal: AbortSignal;
}

export interface ReflectionResult {
  profileUpdated: boolean;
  facts: number;
  intentions: number;
  skipped?: string;
}

function cutToWords(text: string, limit: number): { text: string; cut: boolean } {
  const words = text.split(/(\s+)/);
  let count = 0;
  for (let index = 0; index < words.length; index++) {
    if (words[index]!.trim() === '') continue;
    if (++count > limit) return { text: `${words.slice(0, index).join('').trimEnd()} …`, cut: true };
  }
  return { text, cut: false };
}

/**
 * Nightly reflection on one person: what the day's messages add to the agent's picture of them.
 * One call to the memory model with the profile so far, the known facts and the agent's
 * intentions; it answers the updated profile (fixed sections, at most 550 words), new or changed
 * facts and new intentions (follow-ups the agent means to make). All of it, the ledger row
 * (`reflect`) and the night's mark are one transaction; an answer that cannot be read writes
 * only the ledger row and is logged, and the messages are read again the next night.
 */
export async function reflectOnPerson(
  deps: MemoryWorkDeps,
  request: ReflectionRequest,
): Promise<ReflectionResult> {
  const { store, logger } = deps;
  const { conversation } = request;
  const partnerId = conversation.channelId;
  const mark = store.sessionMemory.mark(conversation, 'reflection');
  const messages = archivedSince(store, conversation, mark.throughMessageId, REFLECTION_WINDOW).filter(
    (message) => message.messageId <= request.throughMessageId,
  );
  if (!messages.some((message) => !message.isAgent)) {
    return { profileUpdated: false, facts: 0, intentions: 0, skipped: 'nothing new from them' };
  }
  const owner: FactOwner = { agent: conversation.agent, network: conversation.network, partnerId };
  const prompt = await reflectionPrompt(deps, request, owner, messages);
  const { reply, usage } = await askMemoryModel(
    deps,
    conversationCall(conversation, request.modelName, 'reflect'),
    (provider, model) =>
      provider.queryText({
        model,
        systemPrompt: prompt.system,
        turns: [{ role: 'user', parts: [prompt.ask] }],
        signal: request.signal,
      }),
  );
  const parsed = parseJsonReply(reply.text, ReflectionSchema);
  if (!parsed.ok) {
    store.transaction(() => recordLlmUsage(store, usage));
    logger.warn({ conversation, reason: parsed.error }, 'reflection answer unusable; nothing written');
    return { profileUpdated: false, facts: 0, intentions: 0, skipped: parsed.error };
  }
  const now = deps.now();
  const messageIds = new Set(messages.map((message) => message.messageId));
  const result = store.transaction(() => {
    recordLlmUsage(store, usage);
    const outcome: ReflectionResult = { profileUpdated: false, facts: 0, intentions: 0 };
    const profile = cutToWords(parsed.value.profile, MAX_PROFILE_WORDS);
    if (profile.cut)
      logger.info({ conversation }, `a reflected profile was cut to ${MAX_PROFILE_WORDS} words`);
    const previous = store.sessionMemory.profile(conversation.agent, conversation.network, partnerId);
    if (profile.text !== '' && profile.text !== previous?.text) {
      store.sessionMemory.putProfile(conversation.agent, conversation.network, partnerId, {
        text: profile.text,
        writtenBy: 'reflection',
        updatedAt: now.toISOString(),
      });
      outcome.profileUpdated = true;
    }
    for (const fact of parsed.value.facts) {
      const written = recordFact(
        store.facts,
        owner,
        {
          ...fact,
          sourceChannelId: partnerId,
          sourceMessageIds: fact.message_ids.filter((id) => messageIds.has(id)),
          writtenBy: 'reflection',
        },
        now,
      );
      if (written.outcome !== 'unchanged') outcome.facts++;
    }
    outcome.intentions = addIntentions(store, conversation, parsed.value.intentions, {
      now,
      created: normalizeCreated(undefined, request.timeZone, now),
    });
    store.sessionMemory.setMark(conversation, 'reflection', {
      throughMessageId: messages.at(-1)!.messageId,
      night: request.night,
    });
    return outcome;
  });
  return result;
}

async function reflectionPrompt(
  deps: MemoryWorkDeps,
  request: ReflectionRequest,
  owner: FactOwner,
  messages: readonly ArchivedMessage[],
): Promise<{ system: string; ask: string }> {
  const { store } = deps;
  const { conversation } = request;
  const instructions = substituteTemplates(await deps.prompts().load('Instructions-Reflect'), {
    agentName: request.agent.name,
    agentId: request.agent.configName,
    userName: messages.find((message) => !message.isAgent)?.senderName ?? '',
    userId: owner.partnerId,
  });
  const profile = store.sessionMemory.profile(conversation.agent, conversation.network, owner.partnerId);
  const facts = store.facts.current(owner).map(({ category, key, content }) => ({ category, key, content }));
  const intentions = store.memoryEntries
    .list({ agent: conversation.agent, network: conversation.network, scope: 'intention' })
    .map((entry) => entry.content);
  const system = [
    instructions,
    `# The Profile So Far\n\n${profile?.text ?? '(none yet: start one)'}`,
    `# Facts You Know\n\n\`\`\`json\n${JSON.stringify(facts, null, 2)}\n\`\`\``,
    `# Your Intentions\n\n\`\`\`json\n${JSON.stringify(intentions, null, 2)}\n\`\`\``,
  ].join('\n\n');
  const ask = `${memoryTranscript(messages, request.agent.name, request.timeZone)}\n\nToday is ${request.night}. Reflect on these messages.`;
  return { system, ask };
}

function addIntentions(
  store: Store,
  conversation: ConversationKey,
  intentions: readonly { content: string }[],
  at: { now: Date; created: string },
): number {
  const owner = { agent: conversation.agent, network: conversation.network, scope: 'intention' as const };
  const existing = store.memoryEntries.list(owner);
  let added = 0;
  for (const { content } of intentions) {
    if (existing.some((entry) => sameSentence(entry.content, content))) continue;
    const entry = {
      id: `intent-${randomHex8()}`,
      content,
      created: at.created,
      creationChannelId: null,
      creationChannelName: null,
    };
    store.memoryEntries.put(owner, entry, at.now);
    existing.push(entry);
    added++;
  }
  return added;
}
