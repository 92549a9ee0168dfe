import { describe, expect, it } from 'vitest';
import { type MediaFileRef, mediaFilePath, parseMediaFilePath } from '../../../src/shared/api/media-contract';

describe('media file paths', () => {
  it.each<MediaFileRef>([
    { kind: 'stored', uniqueId: '5199421747077584990' },
    {
      kind: 'message',
      network: 'telegram',
      agent: 'Ada Lovelace',
      channelId: -1001234567890,
      messageId: 42,
      uniqueId: '-77',
    },
    { kind: 'sticker', network: 'simulator', agent: 'Ada', uniqueId: 'simabc123' },
    { kind: 'library', network: 'telegram', agent: 'Ada/x', uniqueId: 'AgAD_1-2' },
    { kind: 'custom-emoji', network: 'telegram', agent: 'Ada', uniqueId: '5368324170671202286' },
  ])('reads back what it writes: %o', (ref) => {
    expect(parseMediaFilePath(mediaFilePath(ref))).toEqual(ref);
  });

  it.each([
    '/media/',
    '/media/stored/',
    '/media/stored/a/b',
    '/media/stored/..',
    '/media/stored/%2e%2e%2fsecret',
    '/media/stored/%E0%A4%A',
    '/media/message/telegram/Ada/1.5/2/5',
    '/media/message/telegram/Ada/1/0/5',
    '/media/message/elsewhere/Ada/1/2/5',
    '/media/sticker/telegram//5',
    '/other/stored/5',
  ])('names no file for %s', (path) => {
    expect(parseMediaFilePath(path)).toBeNull();
  });
});
