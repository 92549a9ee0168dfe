import { createHash } from 'node:crypto';
import { helpers } from 'telegram';

/**
 * The random_id of a send, derived from its idempotency key (the first 8 bytes of its SHA-256 as
 * a signed 64-bit number): a resend after a crash carries the same random_id, and Telegram
 * answers it with the message it already has instead of sending a second one.
 */
export type RandomId = ReturnType<typeof helpers.returnBigInt>;

export function randomIdFor(idempotencyKey: string): RandomId {
  const digest = createHash('sha256').update(idempotencyKey, 'utf8').digest();
  return helpers.returnBigInt(digest.readBigInt64BE(0).toString());
}
