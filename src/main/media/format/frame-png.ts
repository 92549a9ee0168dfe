/**
 * Rendered frames to PNG. `fast-png` encodes: pure TypeScript on top of fflate (no native build,
 * nothing to unpack from app.asar), Uint8Array in and out, maintained by the image-js project;
 * pngjs, the other common choice, is Buffer- and stream-based and older.
 */

/** Encodes one frame's straight-alpha RGBA pixels as a PNG. */
export type FrameEncoder = (rgba: Uint8Array, width: number, height: number) => Uint8Array;

/**
 * The encoder of rendered frames, fast-png loaded with the first animated sticker drawn (a runtime
 * that never draws one does not hold it). It writes an RGB PNG laid over white: vision models read
 * a transparent PNG's hidden pixels inconsistently (often as black), and a sticker's outline reads
 * best on the white Telegram's light theme shows it on.
 */
export async function frameEncoder(): Promise<FrameEncoder> {
  const { encode } = await import('fast-png');
  return (rgba, width, height) => encode({ width, height, data: onWhite(rgba), channels: 3, depth: 8 });
}

function onWhite(rgba: Uint8Array): Uint8Array {
  const rgb = new Uint8Array((rgba.length / 4) * 3);
  for (let source = 0, target = 0; source < rgba.length; source += 4, target += 3) {
    const alpha = rgba[source + 3]!;
    const white = 255 * (255 - alpha);
    rgb[target] = Math.round((rgba[source]! * alpha + white) / 255);
    rgb[target + 1] = Math.round((rgba[source + 1]! * alpha + white) / 255);
    rgb[target + 2] = Math.round((rgba[source + 2]! * alpha + white) / 255);
  }
  return rgb;
}
