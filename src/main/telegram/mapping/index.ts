/** GramJS `Api.*` objects turned into Troupe's conversation model, without network calls. */
export {
  basicGroupChatInfo,
  channelChatInfo,
  chatPerson,
  chatPhotoOf,
  mapChatInfo,
  userChatInfo,
} from './chat-info';
export { type CustomEmojiLookup, customEmojiIdsOf } from './custom-emoji';
export { classifyDocument, type DocumentTraits } from './document-kind';
export { entitiesToMarkdown } from './entities-to-markdown';
export type { MarkdownOptions } from './entity-spans';
export { type ExportTextRun, exportTextToMarkdown } from './export-text';
export { fileUniqueId } from './file-unique-id';
export { humanDuration } from './human-duration';
export { type MessageMappingContext, mapMessage } from './map-message';
export { markdownToEntities } from './markdown-to-entities';
export {
  isMediaItem,
  largestPhotoBytes,
  type MediaPart,
  type MessageMediaContent,
  messageMediaContent,
  stickerSetInputsOf,
  type TelegramMediaItem,
  type UnknownPart,
} from './media-items';
export { isMutedAt, MUTE_FOREVER, muteUntilSeconds } from './mute-until';
export {
  type KnownPeer,
  type PeerDirectory,
  peerDirectory,
  peerDisplayName,
  peerLabel,
  peerUsername,
} from './peer-directory';
export {
  isDirectChat,
  longToNumber,
  markedBasicGroupId,
  markedChannelId,
  markedEntityId,
  markedPeerId,
  markedUserId,
  peerFromMarkedId,
  type TelegramLong,
} from './peer-ids';
export { mapReactions } from './reactions';
export { type ServiceContext, serviceSentence } from './service-sentences';
export {
  isPremiumSticker,
  type KnownStickerSet,
  type StickerRefOptions,
  type StickerSetInput,
  type StickerSetLookup,
  stickerRefsFromSet,
  stickerSetOf,
} from './sticker-sets';
export { telegramUserOf } from './telegram-user';
