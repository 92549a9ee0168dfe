/**
 * Rendered frames to PNG. `fast-png` encodes: pure TypeScript on top of fflate (no native build,
 * nothing to unpack from app.asar), Uint8Array in and out, maintained by the image-js project;
 * pngjs, the other common choice, is Buffer- and stream-based and older.
 */
import { encode } from 'fast-png';

/**
 * Encodes straight-alpha RGBA pixels as an RGB PNG laid over white. Vision models read a
 * transparent PNG's hidden pixels inconsistently (often as black), and a sticker's outline reads
 * best on the white Telegram's light theme shows it on.
 */
export function encodeOnWhite(rgba: Uint8Array, width: number, height: number): Uint8Array {
  const rgb = new Uint8Array(width * height * 3);
  for (let source = 0, target = 0; source < rgba.length; source += 4, target += 3) {
    const alpha = rgba[source + 3]!;
    const white = 255 * (255 - alpha);
    rgb[target] = Math.round((rgba[source]! * alpha + white) / 255);
    rgb[target + 1] = Math.round((rgba[source + 1]! * alpha + white) / 255);
    rgb[target + 2] = Math.round((rgba[source + 2]! * alpha + white) / 255);
  }
  return encode({ width, height, data: rgb, channels: 3, depth: 8 });
}
