import type { DotLottie } from '@lottiefiles/dotlottie-web';
// The renderer's WASM ships with the console (Vite copies it as an asset): dotlottie-web would
// otherwise fetch it from a CDN, which the console's CSP refuses anyway.
import wasmUrl from '@lottiefiles/dotlottie-web/dotlottie-player.wasm?url';

/** gzip's magic bytes: a TGS file is gzipped Lottie JSON. */
const GZIP = [0x1f, 0x8b];

let wasmSet = false;

/** The Lottie JSON inside TGS bytes; throws when they are not gzip. */
export async function gunzipTgs(bytes: ArrayBuffer): Promise<string> {
  const head = new Uint8Array(bytes, 0, Math.min(2, bytes.byteLength));
  if (head[0] !== GZIP[0] || head[1] !== GZIP[1]) throw new Error('The file is not a TGS sticker.');
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(stream).text();
}

/**
 * Plays the TGS sticker at `src` on the canvas, looping; dotlottie-web freezes it while it is off
 * screen. Resolves with the player once the animation loaded (destroy it when done); rejects when
 * the file cannot be fetched, unpacked or read as Lottie.
 */
export async function playTgs(
  canvas: HTMLCanvasElement,
  src: string,
  options: { autoplay: boolean; signal: AbortSignal },
): Promise<DotLottie> {
  const response = await fetch(src, { signal: options.signal });
  if (!response.ok) throw new Error(`The sticker could not be fetched (${response.status}).`);
  const json = await gunzipTgs(await response.arrayBuffer());
  const { DotLottie } = await import('@lottiefiles/dotlottie-web');
  if (!wasmSet) {
    DotLottie.setWasmUrl(wasmUrl);
    wasmSet = true;
  }
  options.signal.throwIfAborted();
  const player = new DotLottie({
    canvas,
    data: json,
    loop: true,
    autoplay: options.autoplay,
    renderConfig: { freezeOnOffscreen: true, autoResize: true },
  });
  await new Promise<void>((resolve, reject) => {
    player.addEventListener('load', () => resolve());
    player.addEventListener('loadError', (event) => reject(event.error));
  }).catch((error: unknown) => {
    player.destroy();
    throw error;
  });
  return player;
}
