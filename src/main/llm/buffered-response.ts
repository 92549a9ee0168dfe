const utf8 = new TextDecoder();

/**
 * A standard Response over a body that has already arrived whole. The SDKs read a model's answer
 * with `json()` or `text()`; a Response built on the bytes would wrap them in a WHATWG stream only
 * to read them back at once, which with the reading took about 4% of the engine's CPU per turn.
 * Here those read the bytes directly. Whoever touches `body` (or reads it as a form) gets a
 * real Response's stream from then on, so every other use behaves as fetch's answer does; either
 * way a body is read once, as fetch allows.
 */
export class BufferedResponse extends Response {
  readonly #bytes: Uint8Array<ArrayBuffer> | null;
  readonly #init: ResponseInit;
  #read = false;
  /** The Response this one turned into once its body stream was asked for. */
  #streamed: Response | null = null;

  constructor(bytes: Uint8Array | null, init: ResponseInit) {
    super(null, init);
    // The same bytes, typed as the Response a body stream is asked of takes them.
    this.#bytes = bytes && new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
    this.#init = init;
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    return this.#stream().body;
  }

  override get bodyUsed(): boolean {
    return this.#read || (this.#streamed?.bodyUsed ?? false);
  }

  override text(): Promise<string> {
    return this.#readAs(
      (response) => response.text(),
      (bytes) => utf8.decode(bytes),
    );
  }

  override json(): Promise<unknown> {
    return this.#readAs(
      (response) => response.json(),
      (bytes) => JSON.parse(utf8.decode(bytes)),
    );
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return this.#readAs(
      (response) => response.arrayBuffer(),
      (bytes) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
  }

  override bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.#readAs(
      (response) => response.bytes(),
      (bytes) => new Uint8Array(bytes),
    );
  }

  // Blobs and forms are read rarely and have rules of their own (a type's spelling): fetch's reading.
  override blob(): Promise<Blob> {
    return this.#readByFetch((response) => response.blob());
  }

  override formData(): Promise<FormData> {
    return this.#readByFetch((response) => response.formData());
  }

  override clone(): Response {
    if (this.#read) throw new TypeError('Response.clone: Body has already been consumed.');
    if (this.#streamed) return this.#streamed.clone();
    return new BufferedResponse(this.#bytes && new Uint8Array(this.#bytes), this.#init);
  }

  async #readAs<T>(fromStream: (response: Response) => Promise<T>, fromBytes: (bytes: Uint8Array) => T) {
    this.#refuseSecondRead();
    if (this.#streamed) return fromStream(this.#streamed);
    this.#read = true;
    return fromBytes(this.#bytes ?? new Uint8Array());
  }

  async #readByFetch<T>(read: (response: Response) => Promise<T>) {
    this.#refuseSecondRead();
    return read(this.#stream());
  }

  #refuseSecondRead(): void {
    if (this.#read) throw new TypeError('Body is unusable: Body has already been read');
  }

  #stream(): Response {
    if (!this.#streamed) {
      this.#streamed = new Response(this.#bytes, this.#init);
      // Read already: fetch's answer would show its stream used up, so this one's is too.
      if (this.#read) void this.#streamed.arrayBuffer();
    }
    return this.#streamed;
  }
}
