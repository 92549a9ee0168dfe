/** Conversation messages translated for the operator by the agent's model, kept per text and language. */

export {
  TRANSLATE_OPERATION,
  type TranslationRequest,
  type TranslatorDeps,
  translateMessages,
} from './translate-messages';
export {
  parseTranslationAnswer,
  TRANSLATION_BATCH_SIZE,
  TranslationAnswerError,
  type TranslationItem,
  textHash,
  translatableItems,
  translationBatches,
} from './translation-batches';
