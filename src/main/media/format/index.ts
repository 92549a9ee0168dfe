/** Media formats: what bytes really are, and animated stickers as still frames. */
export { MediaFormatError, type MediaFormatProblem } from './errors';
export { isImageComplete } from './image-complete';
export { isLottieGzip, lottieDuration, MAX_LOTTIE_BYTES } from './lottie';
export { type LottieFrames, type RenderLottieOptions, renderLottieFrames } from './lottie-frames';
export { normalizeMimeType, STORED_EXTENSIONS, type StoredExtension } from './mime';
export { type MediaHints, type SniffedMedia, sniffMedia } from './sniff';
