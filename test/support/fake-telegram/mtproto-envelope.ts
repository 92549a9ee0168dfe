import { createHash, randomBytes } from 'node:crypto';
import { igeDecrypt, igeEncrypt } from './aes-ige';

/**
 * MTProto 2.0 message envelopes: the unencrypted form used during the key exchange and the
 * encrypted form (msg_key + AES-IGE with keys derived from the auth key) used afterwards.
 * https://core.telegram.org/mtproto/description
 */

export function sha1(...parts: Uint8Array[]): Buffer {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part);
  return hash.digest();
}

export function sha256(...parts: Uint8Array[]): Buffer {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
}

/** The auth key id: the low 64 bits of SHA1(auth_key), as it appears on the wire (hex). */
export function authKeyIdOf(authKey: Buffer): string {
  return sha1(authKey).subarray(12, 20).toString('hex');
}

/** x is 0 for messages from the client and 8 for messages from the server. */
function messageKeys(authKey: Buffer, msgKey: Buffer, x: 0 | 8): { key: Buffer; iv: Buffer } {
  const a = sha256(msgKey, authKey.subarray(x, x + 36));
  const b = sha256(authKey.subarray(40 + x, 76 + x), msgKey);
  return {
    key: Buffer.concat([a.subarray(0, 8), b.subarray(8, 24), a.subarray(24, 32)]),
    iv: Buffer.concat([b.subarray(0, 8), a.subarray(8, 24), b.subarray(24, 32)]),
  };
}

export interface InboundMessage {
  salt: Buffer;
  sessionId: Buffer;
  msgId: bigint;
  seqNo: number;
  body: Buffer;
}

export class EnvelopeError extends Error {}

/** Decrypts a client message (the payload after the 8-byte auth key id) and checks its msg_key. */
export function openEncrypted(authKey: Buffer, payload: Buffer): InboundMessage {
  if (payload.length < 8 + 16 + 32 || (payload.length - 24) % 16 !== 0) {
    throw new EnvelopeError(`encrypted message of ${payload.length} bytes has a bad length`);
  }
  const msgKey = payload.subarray(8, 24);
  const { key, iv } = messageKeys(authKey, msgKey, 0);
  const plain = igeDecrypt(payload.subarray(24), key, iv);
  const expected = sha256(authKey.subarray(88, 120), plain).subarray(8, 24);
  if (!expected.equals(msgKey)) throw new EnvelopeError('msg_key does not match the decrypted message');
  const length = plain.readInt32LE(28);
  const padding = plain.length - 32 - length;
  if (length < 0 || length % 4 !== 0 || padding < 12 || padding > 1024) {
    throw new EnvelopeError(`message length ${length} does not fit its ${plain.length}-byte envelope`);
  }
  return {
    salt: Buffer.from(plain.subarray(0, 8)),
    sessionId: Buffer.from(plain.subarray(8, 16)),
    msgId: plain.readBigInt64LE(16),
    seqNo: plain.readInt32LE(24),
    body: Buffer.from(plain.subarray(32, 32 + length)),
  };
}

export interface OutboundMessage {
  salt: Buffer;
  sessionId: Buffer;
  msgId: bigint;
  seqNo: number;
  body: Buffer;
}

/** Encrypts a server message into the wire payload `auth_key_id msg_key encrypted_data`. */
export function sealEncrypted(authKey: Buffer, message: OutboundMessage): Buffer {
  const header = Buffer.alloc(32);
  message.salt.copy(header, 0);
  message.sessionId.copy(header, 8);
  header.writeBigInt64LE(message.msgId, 16);
  header.writeInt32LE(message.seqNo, 24);
  header.writeInt32LE(message.body.length, 28);
  const unpadded = 32 + message.body.length;
  const padding = randomBytes(12 + ((16 - ((unpadded + 12) % 16)) % 16));
  const plain = Buffer.concat([header, message.body, padding]);
  const msgKey = sha256(authKey.subarray(96, 128), plain).subarray(8, 24);
  const { key, iv } = messageKeys(authKey, msgKey, 8);
  return Buffer.concat([Buffer.from(authKeyIdOf(authKey), 'hex'), msgKey, igeEncrypt(plain, key, iv)]);
}

/** An unencrypted message (auth_key_id = 0), only valid during the key exchange. */
export function openPlain(payload: Buffer): { msgId: bigint; body: Buffer } {
  if (payload.length < 20) throw new EnvelopeError('plain message too short');
  const length = payload.readInt32LE(16);
  if (length <= 0 || 20 + length > payload.length) throw new EnvelopeError(`plain message length ${length}`);
  return { msgId: payload.readBigInt64LE(8), body: Buffer.from(payload.subarray(20, 20 + length)) };
}

export function sealPlain(msgId: bigint, body: Buffer): Buffer {
  const header = Buffer.alloc(20);
  header.writeBigInt64LE(msgId, 8);
  header.writeInt32LE(body.length, 16);
  return Buffer.concat([header, body]);
}

/**
 * Server message ids: unix time in the high 32 bits, strictly increasing per connection, and
 * congruent to 1 mod 4 for answers to the client, 3 for messages the server starts.
 */
export class ServerMessageIds {
  #last = 0n;

  next(kind: 'answer' | 'notice'): bigint {
    const suffix = kind === 'answer' ? 1n : 3n;
    const nowMs = BigInt(Date.now());
    let id = ((nowMs / 1000n) << 32n) | (((nowMs % 1000n) << 20n) & ~3n) | suffix;
    if (id <= this.#last) id = (((this.#last >> 2n) + 1n) << 2n) | suffix;
    this.#last = id;
    return id;
  }
}
