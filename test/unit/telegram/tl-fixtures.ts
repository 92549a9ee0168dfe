import { Api, helpers } from 'telegram';
import { BinaryReader } from 'telegram/extensions';
import { expect } from 'vitest';
import type { TelegramLong } from '../../../src/main/telegram/mapping';

/**
 * Real GramJS TL objects for the mapping tests, and the proof that they are real wire shapes:
 * `overTheWire` serializes an object, reads it back with GramJS's own reader (as the client does
 * with what the network sends), checks the bytes survive unchanged, and hands back the object
 * that was read, with the nulls and defaults of a received object rather than a built one.
 */

export function long(value: number | string | bigint): TelegramLong {
  return helpers.returnBigInt(value);
}

export function overTheWire<T extends { getBytes(): Buffer; className: string }>(object: T): T {
  const bytes = object.getBytes();
  const read = new BinaryReader(bytes).tgReadObject() as T;
  expect(read.className).toBe(object.className);
  expect(read.getBytes().equals(bytes)).toBe(true);
  return read;
}

/** Unix seconds of 2026-01-15T13:30:00Z. */
export const SENT_AT = 1_768_483_800;

export function user(id: number, fields: Partial<ConstructorParameters<typeof Api.User>[0]> = {}): Api.User {
  return new Api.User({ id: long(id), accessHash: long(id * 7), ...fields });
}

export function photo(id: number | string): Api.Photo {
  return new Api.Photo({
    id: long(id),
    accessHash: long(11),
    fileReference: Buffer.from([1, 2, 3]),
    date: SENT_AT,
    sizes: [new Api.PhotoSize({ type: 'x', w: 800, h: 600, size: 51_200 })],
    dcId: 2,
  });
}

export function document(
  id: number | string,
  mimeType: string,
  attributes: Api.TypeDocumentAttribute[] = [],
  fields: Partial<ConstructorParameters<typeof Api.Document>[0]> = {},
): Api.Document {
  return new Api.Document({
    id: long(id),
    accessHash: long(13),
    fileReference: Buffer.from([4, 5, 6]),
    date: SENT_AT,
    mimeType,
    size: long(2048),
    dcId: 2,
    attributes,
    ...fields,
  });
}

export function stickerAttribute(
  alt: string,
  stickerset: Api.TypeInputStickerSet,
): Api.DocumentAttributeSticker {
  return new Api.DocumentAttributeSticker({ alt, stickerset });
}

export function message(fields: Partial<ConstructorParameters<typeof Api.Message>[0]> = {}): Api.Message {
  return overTheWire(
    new Api.Message({
      id: 5,
      peerId: new Api.PeerUser({ userId: long(9002) }),
      date: SENT_AT,
      message: '',
      ...fields,
    }),
  );
}

export function serviceMessage(
  action: Api.TypeMessageAction,
  fields: Partial<ConstructorParameters<typeof Api.MessageService>[0]> = {},
): Api.MessageService {
  return overTheWire(
    new Api.MessageService({
      id: 7,
      peerId: new Api.PeerChat({ chatId: long(4242) }),
      fromId: new Api.PeerUser({ userId: long(9002) }),
      date: SENT_AT,
      action,
      ...fields,
    }),
  );
}
