import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Network } from '../../shared/api/conversation-contract';
import type { AgentConfig } from '../../shared/domain/config';
import type { ChatInfo } from '../../shared/domain/conversation';
import type { ConversationKey } from '../../shared/domain/conversation-key';
import { PromptLibrary } from '../config';
import { computeCost, createLlmRouter, type LlmRouter } from '../llm';
import type { Logger } from '../logging';
import {
  archivedSince,
  extractFacts,
  fromArchivedMessage,
  type ImportedChat,
  SUMMARY_POLICY,
  summarizeConversation,
} from '../memory';
import { createKeyFileCipher, KEY_FILE_NAME, SecretStore } from '../secrets';
import type { ArchivedMessage, Store } from '../store';
import type { CliIo } from './io';
import { ProgressBar } from './progress-bar';

/** Which LLM passes `troupe history import` runs after the import. */
export interface MemoryPasses {
  summarize: boolean;
  extract: boolean;
}

export interface MemoryPassContext {
  store: Store;
  io: Pick<CliIo, 'stdout' | 'stderr' | 'env' | 'defaultDirs' | 'stdoutIsTerminal'>;
  logger: Logger;
  stateDir: string;
  /** The config directories the agent was found in; the shipped prompts are looked up after them. */
  configDirs: readonly string[];
  agent: AgentConfig;
  network: Network;
  chats: readonly ImportedChat[];
}

/** One planned model call of a pass: which chat, what it reads. */
interface PlannedWork {
  chat: ImportedChat;
  conversation: ConversationKey;
  summarize: ArchivedMessage[];
  extract: ArchivedMessage[];
}

/** Messages one fact reading takes (see extractFacts' backlog reading). */
const EXTRACTION_CALL_MESSAGES = 60;
/** The instructions and known state a call sends besides the messages, in tokens (a rough guess). */
const CALL_OVERHEAD_TOKENS = 1_500;
/** What a call answers, in tokens (a rough guess: a few summaries or facts). */
const CALL_OUTPUT_TOKENS = 400;

/** The LLM passes need the API keys the state directory keeps, under its secret key. */
export class MissingSecretKeyError extends Error {}

function llmRouter(context: MemoryPassContext): LlmRouter {
  const { io, stateDir, store, logger } = context;
  if ((io.env.TROUPE_SECRET_KEY ?? '').trim() === '' && !existsSync(join(stateDir, KEY_FILE_NAME))) {
    throw new MissingSecretKeyError(
      `--summarize and --extract call the model with the API keys set in Settings, which ${stateDir} does not hold (no ${KEY_FILE_NAME}, no TROUPE_SECRET_KEY). Point --state at your Troupe's state directory, or set the key there first.`,
    );
  }
  const secrets = new SecretStore({
    repository: store.secrets,
    cipher: createKeyFileCipher({ stateDir, env: io.env, logger }),
    logger,
    env: io.env,
  });
  return createLlmRouter({ secrets, settings: () => store.settings.get(), env: io.env, logger });
}

function plan(context: MemoryPassContext, passes: MemoryPasses): PlannedWork[] {
  const { store, agent, network } = context;
  return context.chats.map((chat) => {
    const conversation = { agent: agent.configName, network, channelId: chat.channelId };
    const highest = store.summaries.highestSummarizedId(conversation) ?? 0;
    const unsummarized = passes.summarize
      ? archivedSince(store, conversation, highest, Number.MAX_SAFE_INTEGER)
      : [];
    const unread = passes.extract
      ? archivedSince(
          store,
          conversation,
          store.facts.extractedThrough(conversation),
          Number.MAX_SAFE_INTEGER,
        )
      : [];
    return {
      chat,
      conversation,
      // The newest stay out, as after a turn: the prompt shows them as they are.
      summarize: unsummarized.slice(0, Math.max(0, unsummarized.length - SUMMARY_POLICY.keepNewest)),
      extract: unread,
    };
  });
}

function estimate(
  work: readonly PlannedWork[],
  context: MemoryPassContext,
  models: { summaries: string; facts: string },
  llm: LlmRouter,
): string {
  const tokens = (messages: readonly ArchivedMessage[]) =>
    messages.reduce((sum, message) => sum + Math.ceil(message.text.length / 3.5) + 20, 0);
  const calls = (count: number, perCall: number) => Math.ceil(count / perCall);
  let summaryCalls = 0;
  let factCalls = 0;
  let summaryInput = 0;
  let factInput = 0;
  for (const item of work) {
    const summarizing = calls(item.summarize.length, SUMMARY_POLICY.maxMessagesPerCall);
    const reading = calls(item.extract.length, EXTRACTION_CALL_MESSAGES);
    summaryCalls += summarizing;
    factCalls += reading;
    summaryInput += tokens(item.summarize) + summarizing * CALL_OVERHEAD_TOKENS;
    factInput += tokens(item.extract) + reading * CALL_OVERHEAD_TOKENS;
  }
  const priced = (model: string, input: number, count: number) => {
    const resolved = llm.resolve(model);
    const cost = computeCost(
      { inputTokens: input, outputTokens: count * CALL_OUTPUT_TOKENS, cachedTokens: 0, thinkingTokens: 0 },
      context.store.llmPrices.get(resolved.model),
    );
    const price = cost === null ? 'price unknown' : `about $${cost.toFixed(cost < 1 ? 3 : 2)}`;
    return `${count} call${count === 1 ? '' : 's'} to ${resolved.model}, about ${input.toLocaleString('en-US')} input tokens, ${price}`;
  };
  const lines = ['Before the LLM passes, an estimate:'];
  if (summaryCalls > 0) lines.push(`  summaries: ${priced(models.summaries, summaryInput, summaryCalls)}`);
  if (factCalls > 0) lines.push(`  facts: ${priced(models.facts, factInput, factCalls)}`);
  if (summaryCalls + factCalls === 0)
    lines.push('  nothing to do: every message is summarized and read already.');
  return `${lines.join('\n')}\n`;
}

function chatInfo(chat: ImportedChat): ChatInfo {
  return {
    channelId: chat.channelId,
    kind: chat.channelId > 0 ? 'direct' : 'group',
    title: chat.name,
    username: null,
    participantCount: null,
    description: null,
    partner: null,
  };
}

/**
 * The LLM passes after an import: the estimate first, then summaries of each chat's history (but
 * its newest messages) and a reading of it for facts from its start, with progress on a
 * terminal. Costs go to the ledger as in a running Troupe. Returns the line that says what they
 * wrote.
 */
export async function runMemoryPasses(context: MemoryPassContext, passes: MemoryPasses): Promise<string> {
  const { store, io, agent } = context;
  const llm = llmRouter(context);
  const defaultModel = store.settings.get().engine.defaultAgentLlm;
  const models = {
    summaries: agent.llm?.trim() || defaultModel,
    facts: agent.memoryLlm?.trim() || agent.llm?.trim() || defaultModel,
  };
  const work = plan(context, passes);
  io.stdout(estimate(work, context, models, llm));
  const deps = {
    store,
    logger: context.logger,
    llm,
    now: () => new Date(),
    prompts: () => new PromptLibrary([...context.configDirs, ...io.defaultDirs]),
  };
  const timeZone = agent.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const signal = new AbortController().signal;
  const bar = io.stdoutIsTerminal ? new ProgressBar(io.stdout, 'Remembering') : null;
  const total = work.reduce(
    (sum, item) =>
      sum +
      Math.ceil(item.summarize.length / SUMMARY_POLICY.maxMessagesPerCall) +
      Math.ceil(item.extract.length / EXTRACTION_CALL_MESSAGES),
    0,
  );
  let done = 0;
  let summaries = 0;
  let facts = 0;
  try {
    for (const item of work) {
      if (item.summarize.length > 0) {
        bar?.update(done, total, `summarizing "${item.chat.name}"`);
        const result = await summarizeConversation(deps, {
          conversation: item.conversation,
          agent,
          agentId: agent.telegramId,
          chat: chatInfo(item.chat),
          modelName: models.summaries,
          messages: item.summarize.map((message) => fromArchivedMessage(message, item.chat.channelId)),
          timeZone,
          origin: 'import',
          signal,
        });
        summaries += result.written;
        done += Math.ceil(item.summarize.length / SUMMARY_POLICY.maxMessagesPerCall);
      }
      for (let reading = 0; reading < Math.ceil(item.extract.length / EXTRACTION_CALL_MESSAGES); reading++) {
        bar?.update(done, total, `reading "${item.chat.name}" for facts`);
        const before = store.facts.extractedThrough(item.conversation);
        const result = await extractFacts(deps, {
          conversation: item.conversation,
          agent,
          modelName: models.facts,
          timeZone,
          signal,
          backlog: true,
        });
        facts += result.written;
        done++;
        // A reading that could not move on (nothing left, or an answer that could not be read) ends the chat.
        if (store.facts.extractedThrough(item.conversation) === before) break;
      }
    }
  } finally {
    bar?.clear();
  }
  const parts = [];
  if (passes.summarize) parts.push(`${summaries} summar${summaries === 1 ? 'y' : 'ies'} written`);
  if (passes.extract) parts.push(`${facts} fact${facts === 1 ? '' : 's'} kept`);
  return `${parts.join(', ')}.\n`;
}
