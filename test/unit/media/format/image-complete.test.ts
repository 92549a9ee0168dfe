import { describe, expect, it } from 'vitest';
import { isImageComplete } from '../../../../src/main/media/format/image-complete';
import { fixture } from './media-fixtures';

const IMAGES: [string, string][] = [
  ['photo.png', 'image/png'],
  ['photo.jpg', 'image/jpeg'],
  ['animated.gif', 'image/gif'],
  ['sticker.webp', 'image/webp'],
];

const joined = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

describe('isImageComplete', () => {
  it.each(IMAGES)('takes the whole %s, and one with data appended after its end', (name, mimeType) => {
    const bytes = fixture(name);
    expect(isImageComplete(bytes, mimeType)).toBe(true);
    // A motion photo carries a video after its JPEG; a camera may append a trailer.
    const trailer = new Uint8Array(4096).fill(0x5a);
    expect(isImageComplete(joined(bytes, trailer), mimeType)).toBe(true);
  });

  it.each(IMAGES)('refuses %s cut short, wherever it is cut', (name, mimeType) => {
    const bytes = fixture(name);
    for (const keep of [0.1, 0.5, 0.9]) {
      expect(isImageComplete(bytes.subarray(0, Math.floor(bytes.length * keep)), mimeType)).toBe(false);
    }
    expect(isImageComplete(bytes.subarray(0, bytes.length - 2), mimeType)).toBe(false);
  });

  it('refuses the truncated PNG sample, and leaves formats it does not know alone', () => {
    expect(isImageComplete(fixture('truncated.png'), 'image/png')).toBe(false);
    expect(isImageComplete(fixture('video.mp4').subarray(0, 100), 'video/mp4')).toBe(true);
  });

  it('refuses a GIF whose blocks do not make sense', () => {
    const gif = fixture('animated.gif');
    const broken = gif.slice();
    broken[13 + 3 * 2 ** ((gif[10]! & 0x07) + 1)] = 0x99;
    expect(isImageComplete(broken, 'image/gif')).toBe(false);
  });
});
