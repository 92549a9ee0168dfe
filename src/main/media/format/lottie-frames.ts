/**
 * Animated stickers (TGS) as a few still frames, so a vision model that takes images but no
 * Lottie can be shown the animation as a sequence.
 *
 * Rendering is `@lottiefiles/dotlottie-web`, LottieFiles' own player: its WASM build of ThorVG
 * draws into memory, so it runs under plain Node with no canvas and no native module. Given a
 * bare `{ width, height }` surface it renders `setFrame` synchronously into `buffer` (straight
 * RGBA), which is all this needs. One player per render, destroyed after, so renders at the same
 * time share only the WASM module.
 */
import type { DotLottie } from '@lottiefiles/dotlottie-web';
import { loadDotLottie } from './dotlottie-wasm';
import { MediaFormatError } from './errors';
import { type FrameEncoder, frameEncoder } from './frame-png';
import { readLottie } from './lottie';

export interface LottieFrames {
  /** PNG images, opaque (laid over white), in playing order; the first is the first frame. */
  frames: Uint8Array[];
  durationSeconds: number;
  frameRate: number;
  /** Pixel size of each PNG. */
  width: number;
  height: number;
}

export interface RenderLottieOptions {
  /** How many frames, evenly spread from the first; default 6 (fewer if the animation is shorter). */
  frameCount?: number;
  /** Side of the square frames in pixels; default 256, within 16–1024. */
  size?: number;
  signal?: AbortSignal;
}

const DEFAULT_FRAME_COUNT = 6;
const MAX_FRAME_COUNT = 60;
const DEFAULT_SIZE = 256;
const MIN_SIZE = 16;
const MAX_SIZE = 1024;
/** A sticker loads in milliseconds; a player that has said nothing by then never will. */
const LOAD_TIMEOUT_MS = 10_000;

function clampInteger(value: number | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.round(value)));
}

/** Waits for the player's load, its loadError, the timeout or the abort, whichever comes first. */
function loaded(player: DotLottie, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (outcome: () => void): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      player.removeEventListener('load', onLoad);
      player.removeEventListener('loadError', onLoadError);
      outcome();
    };
    const onLoad = (): void => settle(resolve);
    const onLoadError = (event: { error: Error }): void =>
      settle(() =>
        reject(
          new MediaFormatError(
            'load-failed',
            `the animation data is corrupt: the player could not load it (${event.error.message})`,
          ),
        ),
      );
    const onAbort = (): void => settle(() => reject(signal?.reason));
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(
            new MediaFormatError(
              'load-failed',
              `the animation did not load within ${LOAD_TIMEOUT_MS / 1000} s`,
            ),
          ),
        ),
      LOAD_TIMEOUT_MS,
    );
    player.addEventListener('load', onLoad);
    player.addEventListener('loadError', onLoadError);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Frame numbers (from 0, relative to the animation's in-point) spread evenly from the first. */
function frameNumbers(totalFrames: number, wanted: number): number[] {
  const count = Math.max(1, Math.min(wanted, Math.floor(totalFrames)));
  return Array.from({ length: count }, (_, index) => Math.floor((index * totalFrames) / count));
}

/** Draws each frame and encodes it; synchronous, a few milliseconds a frame at 256 px. */
function renderFrames(
  player: DotLottie,
  numbers: number[],
  size: number,
  encode: FrameEncoder,
): Uint8Array[] {
  let renderError: Error | null = null;
  player.addEventListener('renderError', (event) => {
    renderError = event.error;
  });
  return numbers.map((frame) => {
    player.setFrame(frame);
    const pixels = player.buffer;
    if (renderError !== null || pixels === null || pixels.length !== size * size * 4) {
      const reason = renderError?.message ?? 'the renderer gave no image';
      throw new MediaFormatError('render-failed', `frame ${frame} could not be drawn: ${reason}`);
    }
    // `pixels` views the WASM memory, which the next frame overwrites; encoding copies it out.
    return encode(pixels, size, size);
  });
}

/**
 * Renders a TGS (or plain Lottie JSON) to `frameCount` PNG frames of `size`×`size` pixels, the
 * animation fitted and centred. Throws MediaFormatError with a reason for bytes that are no
 * playable Lottie, and the signal's reason when aborted.
 */
export async function renderLottieFrames(
  tgsOrJson: Uint8Array,
  options: RenderLottieOptions = {},
): Promise<LottieFrames> {
  const { signal } = options;
  signal?.throwIfAborted();
  const size = clampInteger(options.size, DEFAULT_SIZE, MIN_SIZE, MAX_SIZE);
  const wanted = clampInteger(options.frameCount, DEFAULT_FRAME_COUNT, 1, MAX_FRAME_COUNT);
  const { text, header, durationSeconds } = await readLottie(tgsOrJson);
  const [Player, encode] = await Promise.all([loadDotLottie(), frameEncoder()]);
  signal?.throwIfAborted();
  const player = new Player({
    canvas: { width: size, height: size },
    data: text,
    autoplay: false,
    renderConfig: { autoResize: false, devicePixelRatio: 1 },
  });
  try {
    await loaded(player, signal);
    const frames = renderFrames(player, frameNumbers(header.op - header.ip, wanted), size, encode);
    return { frames, durationSeconds, frameRate: header.fr, width: size, height: size };
  } finally {
    player.destroy();
  }
}
