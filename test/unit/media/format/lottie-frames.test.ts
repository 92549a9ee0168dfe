import { gunzipSync, gzipSync } from 'node:zlib';
import { decode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import {
  lottieDuration,
  MediaFormatError,
  type MediaFormatProblem,
  renderLottieFrames,
} from '../../../../src/main/media/format';
import { fixture } from './media-fixtures';

/** The fixture sticker: a ball that swings from left (red) to right (blue) and back, 2 s at 30 fps. */
const STICKER = fixture('sticker.tgs');

const WHITE = [255, 255, 255];
/** The ball's colours (0.9, 0.1, 0.1) and (0.1, 0.2, 0.9), give or take the renderer's rounding. */
const RED = [230, 26, 26];
const BLUE = [26, 51, 230];

function near(colour: number[]): (actual: number[]) => boolean {
  return (actual) => actual.every((channel, index) => Math.abs(channel - colour[index]!) <= 3);
}

function rgbAt(png: Uint8Array, x: number, y: number): number[] {
  const image = decode(png);
  const at = (y * image.width + x) * image.channels;
  return Array.from(image.data.slice(at, at + 3));
}

async function failure(input: Uint8Array): Promise<MediaFormatError> {
  const error = await renderLottieFrames(input).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(MediaFormatError);
  return error as MediaFormatError;
}

describe('renderLottieFrames', () => {
  it('renders evenly spread PNG frames of the requested size, laid over white', async () => {
    const result = await renderLottieFrames(STICKER, { frameCount: 4, size: 128 });
    expect(result).toMatchObject({ durationSeconds: 2, frameRate: 30, width: 128, height: 128 });
    expect(result.frames).toHaveLength(4);
    for (const png of result.frames) {
      expect(decode(png)).toMatchObject({ width: 128, height: 128, channels: 3 });
    }
    // Frames 0, 15, 30, 45 of 60: the ball starts left and red, is right and blue at frame 30.
    const [first, , middle] = result.frames as [Uint8Array, Uint8Array, Uint8Array];
    const left = { x: 32, y: 64 };
    const right = { x: 96, y: 64 };
    expect(rgbAt(first, left.x, left.y)).toSatisfy(near(RED));
    expect(rgbAt(first, right.x, right.y)).toEqual(WHITE);
    expect(rgbAt(middle, left.x, left.y)).toEqual(WHITE);
    expect(rgbAt(middle, right.x, right.y)).toSatisfy(near(BLUE));
  });

  it('gives six 256 px frames by default and reads plain Lottie JSON too', async () => {
    const result = await renderLottieFrames(fixture('sticker.json'));
    expect(result.frames).toHaveLength(6);
    expect(decode(result.frames[0]!)).toMatchObject({ width: 256, height: 256 });
    expect(result.frames[0]).not.toEqual(result.frames[3]);
  });

  it('gives no more frames than the animation has', async () => {
    const lottie = JSON.parse(gunzipSync(STICKER).toString());
    const short = gzipSync(JSON.stringify({ ...lottie, op: 2 }));
    const result = await renderLottieFrames(short, { frameCount: 6, size: 32 });
    expect(result.frames).toHaveLength(2);
    expect(result.durationSeconds).toBeCloseTo(2 / 30);
  });

  it('renders two stickers at once without either disturbing the other', async () => {
    const lottie = JSON.parse(gunzipSync(STICKER).toString());
    const green = gzipSync(
      JSON.stringify({
        ...lottie,
        layers: lottie.layers.filter((layer: { nm: string }) => layer.nm === 'square'),
      }),
    );
    const alone = await renderLottieFrames(STICKER, { frameCount: 3, size: 64 });
    const [ball, square] = await Promise.all([
      renderLottieFrames(STICKER, { frameCount: 3, size: 64 }),
      renderLottieFrames(green, { frameCount: 3, size: 96 }),
    ]);
    expect(ball.frames).toEqual(alone.frames);
    expect(decode(square.frames[0]!)).toMatchObject({ width: 96, height: 96 });
    expect(rgbAt(square.frames[0]!, 16, 32)).toEqual(WHITE);
  });

  it('stops when aborted, before or after it started', async () => {
    const before = new AbortController();
    before.abort(new Error('cancelled before'));
    await expect(renderLottieFrames(STICKER, { signal: before.signal })).rejects.toThrow('cancelled before');

    const during = new AbortController();
    const rendering = renderLottieFrames(STICKER, { signal: during.signal });
    during.abort(new Error('cancelled during'));
    await expect(rendering).rejects.toThrow('cancelled during');
  });

  const lottieWith = (fields: Record<string, unknown>): Uint8Array =>
    gzipSync(JSON.stringify({ v: '5.7', fr: 30, ip: 0, op: 60, w: 512, h: 512, layers: [], ...fields }));

  it.each<[string, () => Uint8Array, MediaFormatProblem, RegExp]>([
    [
      'corrupt gzip',
      () => Uint8Array.of(0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 0xff, 0xff, 0xff),
      'corrupt',
      /gzip data is corrupt/,
    ],
    ['truncated gzip', () => fixture('truncated.tgs'), 'truncated', /truncated/],
    ['gzip that is not Lottie', () => fixture('not-lottie.gz'), 'invalid-json', /not valid JSON/],
    [
      'gzipped JSON that is not Lottie',
      () => gzipSync('{"hello":"world"}'),
      'not-lottie',
      /does not hold a Lottie/,
    ],
    ['invalid JSON', () => new TextEncoder().encode('{"v":"5.7","fr":'), 'invalid-json', /not valid JSON/],
    ['binary that is neither', () => fixture('random.bin'), 'invalid-json', /neither gzip nor UTF-8/],
    ['a PNG', () => fixture('photo.png'), 'invalid-json', /neither gzip nor UTF-8/],
    ['no frames', () => lottieWith({ op: 0 }), 'corrupt', /cannot play/],
    ['frames past any real length', () => lottieWith({ op: 1e308 }), 'corrupt', /cannot play/],
    ['a frame rate near zero', () => lottieWith({ fr: 1e-300 }), 'corrupt', /cannot play/],
    [
      'Lottie the player rejects',
      () => lottieWith({ v: {} }),
      'load-failed',
      /corrupt: the player could not load it/,
    ],
    [
      'over 4 MB unpacked',
      () => lottieWith({ nm: ' '.repeat(5 * 1024 * 1024) }),
      'too-large',
      /larger than 4 MB once unpacked/,
    ],
    [
      'a file over 4 MB',
      () => new Uint8Array(5 * 1024 * 1024).fill(0x20),
      'too-large',
      /file is larger than 4 MB/,
    ],
  ])('rejects %s with a reason', async (_name, input, problem, reason) => {
    const error = await failure(input());
    expect(error.problem).toBe(problem);
    expect(error.message).toMatch(reason);
  });
});

describe('lottieDuration', () => {
  it('is (op - ip) / fr for a Lottie animation and null for anything else', () => {
    expect(lottieDuration({ v: '5', fr: 60, ip: 30, op: 210, w: 1, h: 1, layers: [] })).toBe(3);
    expect(lottieDuration({ v: '5', fr: 60, ip: 0, op: 0, w: 1, h: 1, layers: [] })).toBeNull();
    expect(lottieDuration({ v: '5', fr: 60, ip: 0, op: 1e308, w: 1, h: 1, layers: [] })).toBeNull();
    expect(lottieDuration({ fr: 60, ip: 0, op: 60 })).toBeNull();
    expect(lottieDuration('not an object')).toBeNull();
  });
});
