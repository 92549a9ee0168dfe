/** Conversation history rendered for the LLM: turns, message headers, media sentences. */
export { formatLongLocalTime, messageTimeFormatter } from './local-time';
export { describeMediaPart, type MediaPart } from './media-sentence';
export {
  formatMetadataHeader,
  formatReactionsLine,
  METADATA_MARKER,
  REACTIONS_MARKER,
  renderContentPart,
  renderMessageParts,
  SPECIAL_MARKER,
} from './message-parts';
export {
  AGENT_SPOKE_LAST_NOTE,
  EMPTY_HISTORY_NOTE,
  type RenderTurnsOptions,
  type RetrievedResource,
  renderTurns,
  withTurnContext,
} from './render';
export { stickerPart } from './sticker-part';
