import type { MessageTranslation } from '../../shared/api/conversation-tools-contract';
import type { ConversationKey } from '../../shared/domain/conversation-key';
import { type LlmRouter, priceLlmCall, recordLlmUsage } from '../llm';
import type { Logger } from '../logging';
import type { Store, TranslationScope } from '../store';
import {
  parseTranslationAnswer,
  type TranslationItem,
  textHash,
  translatableItems,
  translationBatches,
} from './translation-batches';
import { translationSystemPrompt, translationTurns } from './translation-prompt';

/** The ledger operation of a translation call. */
export const TRANSLATE_OPERATION = 'translate';

export interface TranslatorDeps {
  store: Pick<Store, 'translations' | 'llmPrices' | 'taskLog' | 'transaction'>;
  llm: Pick<LlmRouter, 'resolve' | 'providerFor'>;
  logger: Logger;
  now: () => Date;
  /** The model name (as configured) a conversation's messages are translated with. */
  modelFor(conversation: ConversationKey): string;
  /** Told each batch of translations as it is ready: the kept ones first, then each call's. */
  onBatch(conversation: ConversationKey, language: string, translations: MessageTranslation[]): void;
}

export interface TranslationRequest {
  conversation: ConversationKey;
  /** A BCP 47 tag. */
  language: string;
  messages: readonly TranslationItem[];
}

const asTranslations = (found: Map<number, string>): MessageTranslation[] =>
  [...found].map(([messageId, text]) => ({ messageId, text }));

/**
 * Translates a conversation's messages for the operator. Each message text is translated once
 * per language: kept translations answer at once, the rest go to the model a batch at a time,
 * each call priced into the ledger (operation `translate`, billed to the agent and the
 * conversation) with its translations kept in the same transaction. A call that fails or whose
 * answer cannot be used throws (an `LlmError` or a `TranslationAnswerError`); the batches before
 * it stay kept.
 */
export async function translateMessages(
  deps: TranslatorDeps,
  request: TranslationRequest,
): Promise<MessageTranslation[]> {
  const { conversation, language } = request;
  const scope: TranslationScope = { ...conversation, language };
  const items = translatableItems(request.messages).map((item) => ({
    ...item,
    textHash: textHash(item.text),
  }));
  const kept = deps.store.translations.find(scope, items);
  const result = asTranslations(kept);
  if (result.length > 0) deps.onBatch(conversation, language, result);

  const missing = items.filter((item) => !kept.has(item.messageId));
  for (const batch of translationBatches(missing)) {
    const translated = await translateBatch(deps, request, batch);
    deps.store.transaction(() => {
      recordLlmUsage(deps.store, translated.usage);
      deps.store.translations.put(
        scope,
        batch.map((item) => ({ ...item, translation: translated.texts.get(item.messageId)! })),
        deps.now(),
      );
    });
    const fresh = asTranslations(translated.texts);
    deps.onBatch(conversation, language, fresh);
    result.push(...fresh);
  }
  return result;
}

async function translateBatch(
  deps: TranslatorDeps,
  request: TranslationRequest,
  batch: readonly TranslationItem[],
) {
  const { conversation } = request;
  const resolved = deps.llm.resolve(deps.modelFor(conversation));
  const reply = await deps.llm.providerFor(resolved.provider).queryText({
    model: resolved.model,
    systemPrompt: translationSystemPrompt(request.language),
    turns: translationTurns(batch),
  });
  const usage = {
    agent: conversation.agent,
    channelId: conversation.channelId,
    network: conversation.network,
    operation: TRANSLATE_OPERATION,
    provider: resolved.provider,
    model: resolved.model,
    usage: reply.usage,
    latencyMs: reply.latencyMs,
    costUsd: priceLlmCall(deps.store.llmPrices, { ...resolved, usage: reply.usage }),
  };
  try {
    return { usage, texts: parseTranslationAnswer(reply.text, batch) };
  } catch (error) {
    // The call was paid for even though its answer is of no use.
    recordLlmUsage(deps.store, { ...usage, error: (error as Error).message });
    deps.logger.warn({ conversation, err: error }, 'translation answer not usable');
    throw error;
  }
}
