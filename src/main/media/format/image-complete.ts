/**
 * Whether an image's file holds all of the image. A file cut short in a download or a copy still
 * starts with its format's signature, so sniffing calls it an image, yet a browser draws part of
 * it (or nothing) and a model is shown a broken picture. Each check walks the format's own
 * structure to its end marker, so data appended after a complete image (a motion photo's video,
 * a camera's trailer) is no reason to refuse it.
 */

/** PNG: chunk after chunk (length, type, data, CRC) until IEND. */
function pngComplete(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const next = at + 12 + length;
    if (next > bytes.length) return false;
    if (type === 'IEND') return true;
    at = next;
  }
  return false;
}

/** Markers that stand alone, without a length: start of image, restarts, and the byte-stuffing pad. */
const isStandalone = (marker: number) =>
  marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01;

/** JPEG: its segments, then the entropy-coded scans, until the end-of-image marker (FFD9). */
function jpegComplete(bytes: Uint8Array): boolean {
  let at = 2;
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) {
      at++; // scan data
      continue;
    }
    const marker = bytes[at + 1]!;
    if (marker === 0xd9) return true;
    if (marker === 0x00 || marker === 0xff || isStandalone(marker)) {
      at += marker === 0xff ? 1 : 2;
      continue;
    }
    if (at + 3 >= bytes.length) return false;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    at += 2 + length;
  }
  return false;
}

/** The end of a run of GIF data sub-blocks (each a length byte and its bytes, 0 ending the run). */
function afterSubBlocks(bytes: Uint8Array, from: number): number {
  let at = from;
  while (at < bytes.length && bytes[at] !== 0) at += 1 + bytes[at]!;
  return at + 1;
}

/** The size in bytes of a GIF colour table its packed flags byte announces; 0 without one. */
const colourTableSize = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);

/** GIF: header and screen, then extensions and images block by block, until the trailer (3B). */
function gifComplete(bytes: Uint8Array): boolean {
  if (bytes.length < 13) return false;
  let at = 13 + colourTableSize(bytes[10]!);
  while (at < bytes.length) {
    const block = bytes[at];
    if (block === 0x3b) return true;
    if (block === 0x21) at = afterSubBlocks(bytes, at + 2);
    else if (block === 0x2c) {
      if (at + 10 > bytes.length) return false;
      // Descriptor, local colour table, the LZW code size, then the image's data.
      at = afterSubBlocks(bytes, at + 10 + colourTableSize(bytes[at + 9]!) + 1);
    } else return false;
  }
  return false;
}

/** WEBP: a RIFF file whose header says how long it is. */
function webpComplete(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return bytes.length >= 8 + view.getUint32(4, true);
}

const CHECKS: Readonly<Record<string, (bytes: Uint8Array) => boolean>> = {
  'image/png': pngComplete,
  'image/jpeg': jpegComplete,
  'image/gif': gifComplete,
  'image/webp': webpComplete,
};

/** False when an image of `mimeType` ends before its format's end marker; true for other types. */
export function isImageComplete(bytes: Uint8Array, mimeType: string): boolean {
  const check = CHECKS[mimeType];
  return check ? check(bytes) : true;
}
