import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { DotLottie } from '@lottiefiles/dotlottie-web';

/** The software (ThorVG) renderer; dotlottie-web's package exports it under this name. */
const WASM_SPECIFIER = '@lottiefiles/dotlottie-web/dotlottie-player.wasm';

let ready: Promise<typeof DotLottie> | null = null;

/**
 * dotlottie-web's player, loaded with the first animated sticker drawn (a runtime that never draws
 * one does not hold it) and pointed at its WASM renderer, once per process. In a browser it
 * fetches the file from a CDN; here it is read from node_modules (resolved from this module, which
 * works from the sources under vitest and from out/main, where dependencies stay external) and
 * handed over as a data: URL, which Node's fetch serves without any network.
 */
export function loadDotLottie(): Promise<typeof DotLottie> {
  ready ??= (async () => {
    const [{ DotLottie: Player }, wasm] = await Promise.all([
      import('@lottiefiles/dotlottie-web'),
      readFile(createRequire(import.meta.url).resolve(WASM_SPECIFIER)),
    ]);
    Player.setWasmUrl(`data:application/wasm;base64,${wasm.toString('base64')}`);
    return Player;
  })().catch((error: unknown) => {
    ready = null; // a missing file is an install problem; let a later call try again
    throw error;
  });
  return ready;
}
