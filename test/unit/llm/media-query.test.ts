import { describe, expect, it } from 'vitest';
import { requireDescription, supportedItems } from '../../../src/main/llm/media-query';
import type { MediaItem } from '../../../src/main/llm/provider';

const SUPPORT = { image: ['image/png'], video: ['video/mp4'], audio: [] };
const BYTES = new Uint8Array([1, 2, 3]);

const check = (items: MediaItem[]) =>
  supportedItems({ model: 'm', instructions: 'Describe.', items }, SUPPORT, 'Gemini');

describe('supportedItems', () => {
  it('keeps the items in order with bare, lower-case MIME types', () => {
    const items = check([
      { mimeType: 'Image/PNG', data: BYTES },
      { mimeType: 'video/mp4; codecs="avc1"', data: BYTES },
    ]);
    expect(items.map((item) => item.mimeType)).toEqual(['image/png', 'video/mp4']);
  });

  it.each([
    ['no items', [], 'No media was given to Gemini to describe.'],
    [
      'an empty file',
      [{ mimeType: 'image/png', data: new Uint8Array() }],
      'The image/png file to describe is empty.',
    ],
    [
      'an unsupported type',
      [{ mimeType: 'audio/ogg', data: BYTES }],
      'Gemini cannot describe audio/ogg: it takes image/png, video/mp4.',
    ],
  ])('refuses %s as a permanent bad request', (_, items: MediaItem[], message) => {
    expect(() => check(items)).toThrow(
      expect.objectContaining({ kind: 'bad_request', retryable: false, message }),
    );
  });
});

describe('requireDescription', () => {
  it('passes a description and makes a blank one a permanent malformed error', () => {
    expect(requireDescription({ text: 'A cat.' }, 'OpenAI')).toEqual({ text: 'A cat.' });
    expect(() => requireDescription({ text: ' \n\t' }, 'OpenAI')).toThrow(
      expect.objectContaining({ kind: 'malformed', retryable: false }),
    );
  });
});
