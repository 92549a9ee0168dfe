const MEDIA_LABELS: Record<string, string> = {
  sticker: 'Sticker',
  photo: 'Photo',
  gif: 'GIF',
  animation: 'Animation',
  video: 'Video',
  audio: 'Audio',
  document: 'File',
};

/** What a media kind is called on screen; 'Media' for a kind the console does not know. */
export function mediaLabel(kind: string): string {
  return MEDIA_LABELS[kind] ?? 'Media';
}
