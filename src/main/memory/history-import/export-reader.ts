import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { ExportFormatError } from './import-errors';
import {
  BYTE,
  NEED_MORE,
  type OmittedRange,
  skipObjectOmitting,
  skipString,
  skipValue,
  skipWhitespace,
} from './json-scan';

/**
 * What the reader reports as it walks an export, in file order. Telegram Desktop writes a chat's
 * `name`, `type` and `id` before its `messages`, and `personal_information` before the chats.
 */
export interface ExportVisitor {
  /** The `personal_information` of a whole-account export, parsed. */
  personalInformation(value: unknown): void;
  /** A chat begins; `where` is its JSON path: '' for a single-chat export, else `chats.list[3]`. */
  chatStart(where: string): void;
  /** One of the chat's own fields: `name`, `type` or `id`, parsed. */
  chatField(key: string, value: unknown): void;
  /** One entry of the chat's `messages`, parsed. */
  message(value: unknown, index: number): void;
  chatEnd(): void;
}

/** What the reader does with a value it meets: walk into it, hand it to the visitor, or pass over it. */
type Role = 'root' | 'chat-lists' | 'chat-list' | 'chat' | 'messages';

interface Frame {
  role: Role;
  /** The JSON path of the frame's container, for errors and chat locations. */
  path: string;
  state: State;
  /** The key whose value comes next (objects). */
  key: string;
  /** The index of the element that comes next (arrays). */
  index: number;
}

enum State {
  KeyOrEnd,
  Key,
  Colon,
  Value,
  CommaOrEnd,
  ElementOrEnd,
  Element,
  ElementCommaOrEnd,
}

enum Step {
  Progressed,
  NeedMore,
  Done,
}

const CHAT_FIELDS = new Set(['name', 'type', 'id']);
/**
 * A message's `text_entities` repeats its `text` as objects and is a third of the export; the
 * importer reads `text`, so messages are parsed without it.
 */
const UNREAD_MESSAGE_MEMBER = Buffer.from('"text_entities"');
/** Bytes read at a time, to begin with: the buffer doubles when one value is larger. */
const DEFAULT_BUFFER_BYTES = 1 << 20;
const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * Reads a Telegram Desktop JSON export in one synchronous pass with bounded memory: only the
 * skeleton (chats, their fields, `personal_information`) is walked, and each message is parsed
 * on its own from its slice of the file, so a 2 GB export costs about as much memory as its
 * largest message. Synchronous on purpose: the importer runs it inside one SQLite transaction.
 * The rest of the export (contacts, sessions, ...) is stepped over unparsed.
 */
export class ExportReader {
  readonly #file: string;
  readonly #visitor: ExportVisitor;
  #fd = -1;
  #buffer: Buffer;
  /** Valid bytes in the buffer. */
  #length = 0;
  /** Next unread byte of the buffer. */
  #position = 0;
  /** The file offset of the buffer's first byte. */
  #base = 0;
  #eof = false;
  #size = 0;
  #stack: Frame[] = [];
  readonly #omitted: OmittedRange = { start: -1, end: -1 };
  #finished = false;
  #rootChatOpen = false;

  /** `bufferBytes` is for tests, which read in tiny pieces to cross every boundary. */
  constructor(file: string, visitor: ExportVisitor, options: { bufferBytes?: number } = {}) {
    this.#file = file;
    this.#visitor = visitor;
    this.#buffer = Buffer.allocUnsafe(options.bufferBytes ?? DEFAULT_BUFFER_BYTES);
  }

  /** Bytes of the file read so far, for progress. */
  get bytesRead(): number {
    return this.#base + this.#position;
  }

  /** The file's size in bytes (known once reading began). */
  get totalBytes(): number {
    return this.#size;
  }

  read(): void {
    this.#fd = openSync(this.#file, 'r');
    try {
      this.#size = fstatSync(this.#fd).size;
      this.#fill();
      if (this.#length >= UTF8_BOM.length && UTF8_BOM.every((byte, index) => this.#buffer[index] === byte)) {
        this.#position = UTF8_BOM.length;
      }
      for (;;) {
        const step = this.#step();
        if (step === Step.Done) return;
        if (step === Step.NeedMore) {
          if (this.#eof)
            throw this.#syntaxError(this.#length, 'the export ends early (was the file cut off?)');
          this.#fill();
        }
      }
    } finally {
      closeSync(this.#fd);
    }
  }

  /** Keeps the unread bytes, then reads more after them; the buffer doubles when one value fills it. */
  #fill(): void {
    if (this.#position > 0) {
      this.#buffer.copy(this.#buffer, 0, this.#position, this.#length);
      this.#base += this.#position;
      this.#length -= this.#position;
      this.#position = 0;
    }
    if (this.#length === this.#buffer.length) {
      const grown = Buffer.allocUnsafe(this.#buffer.length * 2);
      this.#buffer.copy(grown, 0, 0, this.#length);
      this.#buffer = grown;
    }
    const read = readSync(this.#fd, this.#buffer, this.#length, this.#buffer.length - this.#length, null);
    if (read === 0) this.#eof = true;
    this.#length += read;
  }

  #step(): Step {
    const at = skipWhitespace(this.#buffer, this.#position, this.#length);
    this.#position = at;
    if (at === this.#length) {
      if (!this.#eof) return Step.NeedMore;
      if (this.#finished) return Step.Done;
      if (this.#stack.length === 0) throw new ExportFormatError(this.#file, 'the file is empty');
      return Step.NeedMore;
    }
    const byte = this.#buffer[at]!;
    const frame = this.#stack.at(-1);
    if (frame === undefined) {
      if (this.#finished) throw this.#syntaxError(at, 'unexpected data after the end of the export');
      if (byte !== BYTE.openBrace) {
        throw new ExportFormatError(
          this.#file,
          'expected a Telegram Desktop JSON export (an object with "messages", or a whole-account export with "chats")',
        );
      }
      this.#push('root', '', at);
      return Step.Progressed;
    }
    switch (frame.state) {
      case State.KeyOrEnd:
        if (byte === BYTE.closeBrace) return this.#close(at);
        return this.#key(frame, at, byte);
      case State.Key:
        return this.#key(frame, at, byte);
      case State.Colon:
        if (byte !== BYTE.colon) throw this.#syntaxError(at, `expected ':' after "${frame.key}"`);
        frame.state = State.Value;
        this.#position = at + 1;
        return Step.Progressed;
      case State.Value:
        return this.#memberValue(frame, at, byte);
      case State.CommaOrEnd:
      case State.ElementCommaOrEnd:
        return this.#afterValue(frame, at, byte);
      case State.ElementOrEnd:
        if (byte === BYTE.closeBracket) return this.#close(at);
        return this.#element(frame, at, byte);
      case State.Element:
        return this.#element(frame, at, byte);
      default: {
        const unknown: never = frame.state;
        throw new Error(`Unknown reader state ${String(unknown)}`);
      }
    }
  }

  /** After a member or an element: a comma before the next one, or the container's end. */
  #afterValue(frame: Frame, at: number, byte: number): Step {
    const inArray = frame.state === State.ElementCommaOrEnd;
    const closer = inArray ? BYTE.closeBracket : BYTE.closeBrace;
    if (byte === closer) return this.#close(at);
    if (byte !== BYTE.comma) {
      throw this.#syntaxError(at, `expected ',' or '${String.fromCharCode(closer)}' after a value`);
    }
    if (inArray) {
      frame.state = State.Element;
      frame.index += 1;
    } else {
      frame.state = State.Key;
    }
    this.#position = at + 1;
    return Step.Progressed;
  }

  #key(frame: Frame, at: number, byte: number): Step {
    if (byte !== BYTE.quote) throw this.#syntaxError(at, 'expected a key in double quotes');
    const end = skipString(this.#buffer, at, this.#length);
    if (end === NEED_MORE) return Step.NeedMore;
    frame.key = this.#parse(at, end, this.#memberPath(frame, '(key)')) as string;
    frame.state = State.Colon;
    this.#position = end;
    return Step.Progressed;
  }

  /** The value of an object member: walked into when it holds chats or messages, else read or passed over. */
  #memberValue(frame: Frame, at: number, byte: number): Step {
    const { key, role } = frame;
    const path = this.#memberPath(frame, key);
    const opensChat = role === 'root' && (CHAT_FIELDS.has(key) || key === 'messages');
    if (opensChat && !this.#rootChatOpen) {
      this.#rootChatOpen = true;
      this.#visitor.chatStart('');
    }
    const child = childRole(role, key);
    if (child !== null) {
      const opener = child === 'chat-lists' ? BYTE.openBrace : BYTE.openBracket;
      if (byte !== opener) {
        throw new ExportFormatError(
          path,
          opener === BYTE.openBrace ? 'expected an object' : 'expected an array',
        );
      }
      frame.state = State.CommaOrEnd;
      this.#push(child, path, at);
      return Step.Progressed;
    }
    const end = skipValue(this.#buffer, at, this.#length, this.#eof);
    if (end === NEED_MORE) return Step.NeedMore;
    if (role === 'root' && key === 'personal_information') {
      this.#visitor.personalInformation(this.#parse(at, end, path));
    } else if ((role === 'root' || role === 'chat') && CHAT_FIELDS.has(key)) {
      this.#visitor.chatField(key, this.#parse(at, end, path));
    }
    frame.state = State.CommaOrEnd;
    this.#position = end;
    return Step.Progressed;
  }

  #element(frame: Frame, at: number, byte: number): Step {
    // The path is spelled out only for errors: building it for every message would cost more than parsing some.
    const path = () => `${frame.path}[${frame.index}]`;
    if (frame.role === 'chat-list') {
      if (byte !== BYTE.openBrace) throw new ExportFormatError(path(), 'expected a chat object');
      frame.state = State.ElementCommaOrEnd;
      this.#visitor.chatStart(path());
      this.#push('chat', path(), at);
      return Step.Progressed;
    }
    const buffer = this.#buffer;
    let text: string;
    let end: number;
    if (byte === BYTE.openBrace) {
      const omitted = this.#omitted;
      end = skipObjectOmitting(buffer, at, this.#length, UNREAD_MESSAGE_MEMBER, omitted);
      if (end === NEED_MORE) return Step.NeedMore;
      text =
        omitted.start === -1
          ? buffer.toString('utf8', at, end)
          : buffer.toString('utf8', at, omitted.start) + buffer.toString('utf8', omitted.end, end);
    } else {
      end = skipValue(buffer, at, this.#length, this.#eof);
      if (end === NEED_MORE) return Step.NeedMore;
      text = buffer.toString('utf8', at, end);
    }
    this.#visitor.message(parseJson(text, path), frame.index);
    frame.state = State.ElementCommaOrEnd;
    this.#position = end;
    return Step.Progressed;
  }

  #push(role: Role, path: string, at: number): void {
    const isArray = role === 'chat-list' || role === 'messages';
    this.#stack.push({ role, path, state: isArray ? State.ElementOrEnd : State.KeyOrEnd, key: '', index: 0 });
    this.#position = at + 1;
  }

  #close(at: number): Step {
    const frame = this.#stack.pop()!;
    this.#position = at + 1;
    if (frame.role === 'chat') this.#visitor.chatEnd();
    if (frame.role === 'root') {
      if (this.#rootChatOpen) this.#visitor.chatEnd();
      this.#finished = true;
    }
    return Step.Progressed;
  }

  #memberPath(frame: Frame, key: string): string {
    return frame.path === '' ? key : `${frame.path}.${key}`;
  }

  #parse(start: number, end: number, path: string): unknown {
    return parseJson(this.#buffer.toString('utf8', start, end), () => path);
  }

  /** A syntax error located by line, counted from the file's start (only ever on the way out). */
  #syntaxError(at: number, problem: string): ExportFormatError {
    const offset = this.#base + at;
    return new ExportFormatError(`${this.#file} line ${this.#lineAt(offset)} (byte ${offset})`, problem);
  }

  #lineAt(offset: number): number {
    const chunk = Buffer.allocUnsafe(DEFAULT_BUFFER_BYTES);
    let line = 1;
    for (let start = 0; start < offset; start += chunk.length) {
      const read = readSync(this.#fd, chunk, 0, Math.min(chunk.length, offset - start), start);
      if (read === 0) break;
      for (let index = 0; index < read; index += 1) if (chunk[index] === 0x0a) line += 1;
    }
    return line;
  }
}

function parseJson(text: string, path: () => string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ExportFormatError(path(), `is not valid JSON (${(error as Error).message})`);
  }
}

/** Which members the reader walks into: the chat lists of a whole export, a chat, its messages. */
function childRole(parent: Role, key: string): Role | null {
  if (parent === 'root' && (key === 'chats' || key === 'left_chats')) return 'chat-lists';
  if (parent === 'chat-lists' && key === 'list') return 'chat-list';
  if ((parent === 'root' || parent === 'chat') && key === 'messages') return 'messages';
  return null;
}
