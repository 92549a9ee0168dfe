import bigInt from 'big-integer';
import { Api } from 'telegram';
import { BinaryReader } from 'telegram/extensions';
import { readBigIntFromBuffer, toSignedLittleBuffer } from 'telegram/Helpers';
import { describe, expect, it } from 'vitest';

// GramJS reads and writes every 64-bit field (ids, access hashes, message ids) through these two
// helpers; patches/telegram+2.26.22.patch makes them use native BigInt. These pin what they must
// still return, byte for byte.
describe('GramJS long integers', () => {
  const bytes = (hex: string) => Buffer.from(hex, 'hex');

  it('reads little- and big-endian, signed and unsigned values', () => {
    expect(readBigIntFromBuffer(bytes('0100000000000000')).toString()).toBe('1');
    expect(readBigIntFromBuffer(bytes('ffffffffffffffff'), true, true).toString()).toBe('-1');
    expect(readBigIntFromBuffer(bytes('ffffffffffffffff'), true, false).toString()).toBe(
      '18446744073709551615',
    );
    expect(readBigIntFromBuffer(bytes('0000000000000080'), true, true).toString()).toBe(
      '-9223372036854775808',
    );
    expect(readBigIntFromBuffer(bytes('ffffffffffffff7f'), true, true).toString()).toBe(
      '9223372036854775807',
    );
    expect(readBigIntFromBuffer(bytes('00000000000001f4'), false, true).toString()).toBe('500');
    expect(readBigIntFromBuffer(bytes('fe'), true, true).toString()).toBe('-2');
    expect(readBigIntFromBuffer(bytes(`01${'00'.repeat(31)}`), true, false).toString()).toBe('1');
    expect(readBigIntFromBuffer(bytes(`${'ff'.repeat(32)}`), false, true).toString()).toBe('-1');
    expect(readBigIntFromBuffer(bytes(`${'00'.repeat(15)}80`), true, true).toString()).toBe(
      (-(2n ** 127n)).toString(),
    );
  });

  it('never changes the buffer it reads', () => {
    const buffer = bytes('0102030405060708');
    readBigIntFromBuffer(buffer, true, true);
    expect(buffer.toString('hex')).toBe('0102030405060708');
  });

  it("writes a value's low bytes in two's complement, little-endian", () => {
    expect(toSignedLittleBuffer(bigInt(1)).toString('hex')).toBe('0100000000000000');
    expect(toSignedLittleBuffer(bigInt(-1)).toString('hex')).toBe('ffffffffffffffff');
    expect(toSignedLittleBuffer(bigInt('-9223372036854775808')).toString('hex')).toBe('0000000000000080');
    expect(toSignedLittleBuffer(bigInt('18446744073709551615')).toString('hex')).toBe('ffffffffffffffff');
    expect(toSignedLittleBuffer(bigInt(-256), 4).toString('hex')).toBe('00ffffff');
    expect(toSignedLittleBuffer(bigInt(-2), 32).toString('hex')).toBe(`fe${'ff'.repeat(31)}`);
    expect(toSignedLittleBuffer(bigInt(2).pow(100), 16).toString('hex')).toBe(
      `${'00'.repeat(12)}10${'00'.repeat(3)}`,
    );
  });

  it('round-trips the ids of a real TL object', () => {
    const peer = new Api.InputPeerUser({
      userId: bigInt('-5000000000123'),
      accessHash: bigInt('-8070450532247928832'),
    });
    const read = new BinaryReader(Buffer.from(peer.getBytes())).tgReadObject() as Api.InputPeerUser;
    expect(read.userId.toString()).toBe('-5000000000123');
    expect(read.accessHash.toString()).toBe('-8070450532247928832');
  });
});
