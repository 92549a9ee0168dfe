/**
 * Byte-level helpers for walking JSON held in a Buffer without parsing all of it. Every
 * structural character of JSON is ASCII and UTF-8 never uses ASCII bytes inside a multi-byte
 * character, so scanning bytes is safe; what a value contains is left to `JSON.parse` of its
 * slice. Each helper returns the index just past what it read, or `NEED_MORE` when the buffer
 * ends first (the caller reads more of the file and tries again from the same place).
 */

export const NEED_MORE = -1;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;

export const BYTE = {
  quote: QUOTE,
  openBrace: OPEN_BRACE,
  closeBrace: CLOSE_BRACE,
  openBracket: OPEN_BRACKET,
  closeBracket: CLOSE_BRACKET,
  comma: COMMA,
  colon: 0x3a,
} as const;

export function isWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/** The first index at or after `from` that is not whitespace, or `end` when all of it is. */
export function skipWhitespace(buffer: Buffer, from: number, end: number): number {
  let index = from;
  while (index < end && isWhitespace(buffer[index]!)) index += 1;
  return index;
}

/** Past the string whose opening quote is at `from`. */
export function skipString(buffer: Buffer, from: number, end: number): number {
  let index = from + 1;
  while (index < end) {
    const byte = buffer[index]!;
    if (byte === BACKSLASH) index += 2;
    else if (byte === QUOTE) return index + 1;
    else index += 1;
  }
  return NEED_MORE;
}

/**
 * Past the object or array opening at `from`, strings inside taken into account. Brackets are
 * only counted, not matched: a mismatch shows when the slice is parsed.
 */
function skipContainer(buffer: Buffer, from: number, end: number): number {
  let depth = 0;
  let index = from;
  while (index < end) {
    const byte = buffer[index]!;
    if (byte === QUOTE) {
      index = skipString(buffer, index, end);
      if (index === NEED_MORE) return NEED_MORE;
      continue;
    }
    if (byte === OPEN_BRACE || byte === OPEN_BRACKET) depth += 1;
    else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      depth -= 1;
      if (depth === 0) return index + 1;
    }
    index += 1;
  }
  return NEED_MORE;
}

/**
 * Past the number or literal (`true`, `null`, ...) starting at `from`: it ends at a delimiter.
 * At the end of the file the buffer's end is its end too.
 */
function skipScalar(buffer: Buffer, from: number, end: number, atEof: boolean): number {
  let index = from;
  while (index < end) {
    const byte = buffer[index]!;
    if (byte === COMMA || byte === CLOSE_BRACE || byte === CLOSE_BRACKET || isWhitespace(byte)) return index;
    index += 1;
  }
  return atEof ? end : NEED_MORE;
}

/** Past the value starting at `from` (which is not whitespace). */
export function skipValue(buffer: Buffer, from: number, end: number, atEof: boolean): number {
  const byte = buffer[from]!;
  if (byte === QUOTE) return skipString(buffer, from, end);
  if (byte === OPEN_BRACE || byte === OPEN_BRACKET) return skipContainer(buffer, from, end);
  return skipScalar(buffer, from, end, atEof);
}

const OTHER = 0;
const STRING = 1;
const OPENER = 2;
const CLOSER = 3;
const SEPARATOR = 4;
/** What each byte means to `skipObjectOmitting`: one table lookup instead of five comparisons per byte. */
const BYTE_KINDS = new Uint8Array(256);
BYTE_KINDS[QUOTE] = STRING;
BYTE_KINDS[OPEN_BRACE] = OPENER;
BYTE_KINDS[OPEN_BRACKET] = OPENER;
BYTE_KINDS[CLOSE_BRACE] = CLOSER;
BYTE_KINDS[CLOSE_BRACKET] = CLOSER;
BYTE_KINDS[COMMA] = SEPARATOR;

/** The bytes a `skipObjectOmitting` caller may drop: [start, end), or start -1 when there are none. */
export interface OmittedRange {
  start: number;
  end: number;
}

/**
 * Past the object opening at `from`, like `skipValue`, noting in `omitted` where its top-level
 * member named by `quotedKey` (the key with its quotes, as bytes) lies together with one comma
 * beside it, so that the object without those bytes is still valid JSON.
 */
export function skipObjectOmitting(
  buffer: Buffer,
  from: number,
  end: number,
  quotedKey: Buffer,
  omitted: OmittedRange,
): number {
  omitted.start = -1;
  const keyLength = quotedKey.length;
  const keyFirstLetter = quotedKey[1];
  let depth = 0;
  let expectKey = false;
  /** The top-level comma before the current member, or -1 for the first member. */
  let lastComma = -1;
  /** Where the omitted member's bytes begin (its key, or the comma before it); -1 when not in it. */
  let memberStart = -1;
  let index = from;
  while (index < end) {
    const kind = BYTE_KINDS[buffer[index]!]!;
    if (kind === OTHER) {
      index += 1;
      continue;
    }
    if (kind === STRING) {
      const stop = skipString(buffer, index, end);
      if (stop === NEED_MORE) return NEED_MORE;
      if (
        expectKey &&
        stop - index === keyLength &&
        buffer[index + 1] === keyFirstLetter &&
        buffer.compare(quotedKey, 0, keyLength, index, stop) === 0
      ) {
        memberStart = lastComma === -1 ? index : lastComma;
      }
      expectKey = false;
      index = stop;
      continue;
    }
    if (kind === OPENER) {
      depth += 1;
      expectKey = depth === 1;
    } else if (kind === CLOSER) {
      depth -= 1;
      if (depth === 0) {
        if (memberStart !== -1) {
          omitted.start = memberStart;
          omitted.end = index;
        }
        return index + 1;
      }
    } else if (depth === 1) {
      if (memberStart !== -1) {
        // The first member takes its following comma along; a later one took the comma before it.
        omitted.start = memberStart;
        omitted.end = lastComma === -1 ? index + 1 : index;
        memberStart = -1;
      }
      lastComma = index;
      expectKey = true;
    }
    index += 1;
  }
  return NEED_MORE;
}
