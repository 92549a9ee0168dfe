/** The task kinds the model may write: their fields, checks and JSON Schemas. */
export type { JsonSchema, ModelTaskKind, TaskKindDefinition } from './definition';
export { MAX_DURATION_SECONDS } from './fields';
export { canonicalTaskKind, TASK_KIND_ALIASES } from './kind-aliases';
export { canonicalReactionEmoji, REACTION_EMOJI, type ReactionEmoji } from './reaction-emoji';
export {
  isModelTaskKind,
  TASK_KIND_DEFINITIONS,
  type TaskParamsByKind,
  type TaskParamsValidation,
  validateTaskParams,
} from './registry';
