export { DescriptionBudget } from './chain/description-budget';
export { emojiDescription, stickerFallback } from './chain/sticker-fallback';
export { CuratedMedia, type CuratedRecord } from './curated/curated-media';
export { isImageComplete, type MediaHints, type SniffedMedia, sniffMedia } from './format';
export { MediaJobs, type MediaJobsDeps } from './jobs/media-jobs';
export { MediaEditError, MediaLibrary, type MediaLibraryDeps } from './library/media-library';
export { MediaDescriptions, type MediaDescriptionsDeps, type MediaViewer } from './media-descriptions';
