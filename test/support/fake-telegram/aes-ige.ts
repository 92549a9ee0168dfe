import { createCipheriv, createDecipheriv } from 'node:crypto';

/**
 * AES-256 in IGE mode, the block mode MTProto encrypts with. Written over Node's AES-ECB rather
 * than borrowed from GramJS so the fake checks the client's cryptography instead of sharing it.
 * `iv` is 32 bytes: the first half is the previous ciphertext block, the second the previous
 * plaintext block.
 */

const BLOCK = 16;

function xorInto(target: Buffer, a: Uint8Array, b: Uint8Array): Buffer {
  for (let i = 0; i < BLOCK; i++) target[i] = (a[i] ?? 0) ^ (b[i] ?? 0);
  return target;
}

function assertShape(data: Buffer, key: Buffer, iv: Buffer): void {
  if (key.length !== 32 || iv.length !== 32) throw new Error('AES-IGE needs a 32-byte key and iv');
  if (data.length % BLOCK !== 0) throw new Error(`AES-IGE data of ${data.length} bytes is not block-aligned`);
}

export function igeEncrypt(plain: Buffer, key: Buffer, iv: Buffer): Buffer {
  assertShape(plain, key, iv);
  const aes = createCipheriv('aes-256-ecb', key, null).setAutoPadding(false);
  const out = Buffer.alloc(plain.length);
  let previousCipher: Uint8Array = iv.subarray(0, BLOCK);
  let previousPlain: Uint8Array = iv.subarray(BLOCK);
  const scratch = Buffer.alloc(BLOCK);
  for (let offset = 0; offset < plain.length; offset += BLOCK) {
    const block = plain.subarray(offset, offset + BLOCK);
    const encrypted = aes.update(xorInto(scratch, block, previousCipher));
    const cipherBlock = xorInto(out.subarray(offset, offset + BLOCK), encrypted, previousPlain);
    previousCipher = cipherBlock;
    previousPlain = block;
  }
  return out;
}

export function igeDecrypt(cipher: Buffer, key: Buffer, iv: Buffer): Buffer {
  assertShape(cipher, key, iv);
  const aes = createDecipheriv('aes-256-ecb', key, null).setAutoPadding(false);
  const out = Buffer.alloc(cipher.length);
  let previousCipher: Uint8Array = iv.subarray(0, BLOCK);
  let previousPlain: Uint8Array = iv.subarray(BLOCK);
  const scratch = Buffer.alloc(BLOCK);
  for (let offset = 0; offset < cipher.length; offset += BLOCK) {
    const block = cipher.subarray(offset, offset + BLOCK);
    const decrypted = aes.update(xorInto(scratch, block, previousPlain));
    const plainBlock = xorInto(out.subarray(offset, offset + BLOCK), decrypted, previousCipher);
    previousCipher = block;
    previousPlain = plainBlock;
  }
  return out;
}
