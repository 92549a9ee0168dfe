/**
 * Lottie documents: telling one from other JSON, its timing, and unpacking a TGS (Telegram's
 * animated sticker: gzipped Lottie JSON) with a size bound.
 */
import { MediaFormatError } from './errors';
import { gunzipBounded, isGzip } from './gunzip';

/**
 * The most Lottie JSON Troupe unpacks. Telegram caps a TGS at 64 KB of gzip, which real stickers
 * unpack to a few hundred kilobytes at most; anything over this is not a sticker.
 */
export const MAX_LOTTIE_BYTES = 4 * 1024 * 1024;

/** The top-level fields every Lottie animation has (the bodymovin format). */
export interface LottieHeader {
  /** Frames per second. */
  fr: number;
  /** First and one-past-last frame. */
  ip: number;
  op: number;
  /** Composition size in pixels. */
  w: number;
  h: number;
}

export interface LottieDocument {
  /** The JSON as text, ready for the renderer. */
  text: string;
  header: LottieHeader;
  durationSeconds: number;
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** The header of a parsed Lottie animation, or null when the value is other JSON. */
export function lottieHeader(value: unknown): LottieHeader | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { v, fr, ip, op, w, h, layers } = value as Record<string, unknown>;
  if (v === undefined || !Array.isArray(layers)) return null;
  if (![fr, ip, op, w, h].every(isFiniteNumber)) return null;
  return { fr, ip, op, w, h } as LottieHeader;
}

/**
 * Past these an animation is broken or hostile, not long: Telegram stickers play at most 3 s at
 * 60 fps, and the player reports NaN or Infinity frames for timings near the float limits.
 */
const MAX_FRAMES = 100_000;
const MAX_DURATION_SECONDS = 3600;

/** Seconds the animation plays, `(op - ip) / fr`, or null when its timing cannot play. */
function playTime(header: LottieHeader): number | null {
  const frames = header.op - header.ip;
  if (!(header.fr > 0 && frames > 0 && frames <= MAX_FRAMES)) return null;
  const seconds = frames / header.fr;
  return seconds <= MAX_DURATION_SECONDS ? seconds : null;
}

/** Seconds a parsed Lottie animation plays, `(op - ip) / fr`; null for anything else. */
export function lottieDuration(json: unknown): number | null {
  const header = lottieHeader(json);
  return header === null ? null : playTime(header);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function megabytes(bytes: number): string {
  return `${bytes / (1024 * 1024)} MB`;
}

async function unpack(bytes: Uint8Array): Promise<Uint8Array> {
  if (!isGzip(bytes)) return bytes;
  const result = await gunzipBounded(bytes, MAX_LOTTIE_BYTES);
  if (result.ok) return result.data;
  switch (result.problem) {
    case 'too-large':
      throw new MediaFormatError(
        'too-large',
        `the animation is larger than ${megabytes(MAX_LOTTIE_BYTES)} once unpacked`,
      );
    case 'truncated':
      throw new MediaFormatError('truncated', 'the gzip data is truncated (the file ends early)');
    default:
      throw new MediaFormatError('corrupt', `the gzip data is corrupt: ${result.detail}`);
  }
}

interface ParsedJson {
  text: string;
  json: unknown;
  gzipped: boolean;
}

/** The JSON inside a TGS or plain Lottie file; throws MediaFormatError when there is none. */
async function parseLottieJson(bytes: Uint8Array): Promise<ParsedJson> {
  if (bytes.length > MAX_LOTTIE_BYTES) {
    throw new MediaFormatError('too-large', `the file is larger than ${megabytes(MAX_LOTTIE_BYTES)}`);
  }
  const raw = await unpack(bytes);
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    throw new MediaFormatError('invalid-json', 'the animation data is neither gzip nor UTF-8 text');
  }
  try {
    return { text, json: JSON.parse(text), gzipped: isGzip(bytes) };
  } catch (error) {
    throw new MediaFormatError(
      'invalid-json',
      `the animation data is not valid JSON: ${(error as Error).message}`,
    );
  }
}

/** Whether gzip bytes unpack (within the bound) to a Lottie animation: a TGS sticker. */
export async function isLottieGzip(bytes: Uint8Array): Promise<boolean> {
  if (!isGzip(bytes)) return false;
  try {
    return lottieHeader((await parseLottieJson(bytes)).json) !== null;
  } catch (error) {
    if (error instanceof MediaFormatError) return false;
    throw error;
  }
}

/**
 * Reads a TGS (gzipped) or plain Lottie JSON. Throws MediaFormatError saying what is wrong:
 * too large, corrupt or truncated gzip, not JSON, JSON that is no Lottie, or an animation that
 * cannot play (no frames, no frame rate, absurd timing).
 */
export async function readLottie(bytes: Uint8Array): Promise<LottieDocument> {
  const { text, json, gzipped } = await parseLottieJson(bytes);
  const header = lottieHeader(json);
  if (header === null) {
    throw new MediaFormatError(
      'not-lottie',
      gzipped
        ? 'the gzip does not hold a Lottie animation'
        : 'the JSON is not a Lottie animation (it lacks v, fr, ip, op, w, h or layers)',
    );
  }
  const durationSeconds = playTime(header);
  if (durationSeconds === null || header.w <= 0 || header.h <= 0) {
    throw new MediaFormatError(
      'corrupt',
      `the animation cannot play: frame rate ${header.fr}, frames ${header.ip}–${header.op}, size ${header.w}×${header.h}`,
    );
  }
  return { text, header, durationSeconds };
}
