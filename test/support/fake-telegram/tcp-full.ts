import { crc32 } from 'node:zlib';

/**
 * MTProto's "full" TCP transport, the one GramJS uses under Node: every packet is
 * `length:int32 seq:int32 payload crc32:uint32`, where length counts all four parts and seq counts
 * the packets each side has sent on this connection.
 */

export class TransportError extends Error {}

/** Cuts a byte stream into payloads, checking the length, sequence number and checksum. */
export class TcpFullDecoder {
  #buffer: Buffer = Buffer.alloc(0);
  #expectedSeq = 0;

  push(chunk: Buffer): Buffer[] {
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    const payloads: Buffer[] = [];
    while (this.#buffer.length >= 4) {
      const length = this.#buffer.readInt32LE(0);
      if (length < 12 || length > 16 * 1024 * 1024) throw new TransportError(`bad packet length ${length}`);
      if (this.#buffer.length < length) break;
      const packet = this.#buffer.subarray(0, length);
      this.#buffer = this.#buffer.subarray(length);
      const seq = packet.readInt32LE(4);
      if (seq !== this.#expectedSeq)
        throw new TransportError(`packet seq ${seq}, expected ${this.#expectedSeq}`);
      this.#expectedSeq += 1;
      const checksum = packet.readUInt32LE(length - 4);
      if (crc32(packet.subarray(0, length - 4)) !== checksum) throw new TransportError('bad packet checksum');
      payloads.push(Buffer.from(packet.subarray(8, length - 4)));
    }
    return payloads;
  }
}

/** Frames outgoing payloads, numbering them per connection. */
export class TcpFullEncoder {
  #seq = 0;

  encode(payload: Buffer): Buffer {
    const head = Buffer.alloc(8);
    head.writeInt32LE(payload.length + 12, 0);
    head.writeInt32LE(this.#seq++, 4);
    const body = Buffer.concat([head, payload]);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32LE(crc32(body), 0);
    return Buffer.concat([body, checksum]);
  }
}

/**
 * A transport-level error: a bare negative int32 instead of an MTProto message. Telegram sends
 * -404 for an auth key it does not know; GramJS then drops the key.
 */
export function transportErrorPayload(code: number): Buffer {
  const payload = Buffer.alloc(4);
  payload.writeInt32LE(-code, 0);
  return payload;
}
