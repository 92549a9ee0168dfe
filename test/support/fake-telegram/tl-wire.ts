import { gunzipSync, gzipSync } from 'node:zlib';
import { extensions } from 'telegram';
import { serializeBytes } from 'telegram/tl/generationHelpers.js';

/**
 * The few MTProto wire shapes GramJS's TL classes do not build for a server: rpc_result, message
 * containers, gzip_packed, bare vectors and booleans. Everything else is encoded with `getBytes()`
 * on the `Api.*` objects and decoded with `BinaryReader.tgReadObject()`.
 */

const RPC_RESULT = 0xf35c6d01;
export const MSG_CONTAINER = 0x73f1f8dc;
export const GZIP_PACKED = 0x3072cfa1;
const VECTOR = 0x1cb5c415;
const BOOL_TRUE = 0x997275b5;
const BOOL_FALSE = 0xbc799737;

/** Anything GramJS can serialize. */
export interface TlObject {
  readonly CONSTRUCTOR_ID: number;
  readonly className: string;
  getBytes(): Buffer;
}

/** What an RPC method answers: an object, a vector of objects, or a Bool. */
export type RpcAnswer = TlObject | readonly TlObject[] | boolean;

function int32(value: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32LE(value >>> 0, 0);
  return out;
}

function int64(value: bigint): Buffer {
  const out = Buffer.alloc(8);
  out.writeBigInt64LE(value, 0);
  return out;
}

export function encodeAnswer(answer: RpcAnswer): Buffer {
  if (typeof answer === 'boolean') return int32(answer ? BOOL_TRUE : BOOL_FALSE);
  if (isObjectList(answer)) {
    return Buffer.concat([int32(VECTOR), int32(answer.length), ...answer.map((item) => item.getBytes())]);
  }
  return answer.getBytes();
}

function isObjectList(answer: TlObject | readonly TlObject[]): answer is readonly TlObject[] {
  return Array.isArray(answer);
}

/** Large answers travel gzip_packed, as Telegram sends them, when that makes them smaller. */
export function rpcResult(reqMsgId: bigint, answer: Buffer): Buffer {
  return Buffer.concat([int32(RPC_RESULT), int64(reqMsgId), maybeGzip(answer)]);
}

function maybeGzip(body: Buffer): Buffer {
  if (body.length <= 512) return body;
  const packed = Buffer.concat([int32(GZIP_PACKED), serializeBytes(gzipSync(body))]);
  return packed.length < body.length ? packed : body;
}

export interface ContainedMessage {
  msgId: bigint;
  seqNo: number;
  body: Buffer;
}

export function containerBody(messages: readonly ContainedMessage[]): Buffer {
  const parts = [int32(MSG_CONTAINER), int32(messages.length)];
  for (const message of messages) {
    parts.push(int64(message.msgId), int32(message.seqNo), int32(message.body.length), message.body);
  }
  return Buffer.concat(parts);
}

export function constructorOf(body: Buffer): number {
  return body.readUInt32LE(0);
}

export function openContainer(body: Buffer): ContainedMessage[] {
  const count = body.readInt32LE(4);
  const messages: ContainedMessage[] = [];
  let offset = 8;
  for (let i = 0; i < count; i++) {
    const msgId = body.readBigInt64LE(offset);
    const seqNo = body.readInt32LE(offset + 8);
    const length = body.readInt32LE(offset + 12);
    messages.push({ msgId, seqNo, body: Buffer.from(body.subarray(offset + 16, offset + 16 + length)) });
    offset += 16 + length;
  }
  return messages;
}

export function openGzipPacked(body: Buffer): Buffer {
  const reader = new extensions.BinaryReader(body.subarray(4));
  return gunzipSync(reader.tgReadBytes());
}

export function readObject(body: Buffer): unknown {
  return new extensions.BinaryReader(body).tgReadObject();
}
