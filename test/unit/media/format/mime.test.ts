import { describe, expect, it } from 'vitest';
import { normalizeMimeType } from '../../../../src/main/media/format';

describe('normalizeMimeType', () => {
  it.each([
    ['image/jpg', 'image/jpeg'],
    ['IMAGE/JPEG', 'image/jpeg'],
    ['audio/x-wav', 'audio/wav'],
    ['audio/mp3', 'audio/mpeg'],
    ['audio/x-m4a', 'audio/mp4'],
    ['audio/ogg; codecs=opus', 'audio/ogg'],
    [' video/matroska ', 'video/x-matroska'],
    ['video/webm', 'video/webm'],
    ['video/vnd.avi', 'video/x-msvideo'],
    ['application/x-tgsticker', 'application/x-tgsticker'],
    ['application/x-gzip', 'application/gzip'],
  ])('%s → %s', (input, output) => {
    expect(normalizeMimeType(input)).toBe(output);
  });

  it.each([null, undefined, '', '   ', 'jpeg', 'image/', '/png', 'image/png/extra'])(
    'gives null for %j',
    (input) => {
      expect(normalizeMimeType(input)).toBeNull();
    },
  );
});
