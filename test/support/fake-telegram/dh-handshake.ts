import { randomBytes } from 'node:crypto';
import { Api, extensions, helpers } from 'telegram';
import { igeDecrypt, igeEncrypt } from './aes-ige';
import {
  bigIntFromBytes,
  bigIntToMinimalBytes,
  fromTlLong,
  modPow,
  TELEGRAM_DH_GENERATOR,
  TELEGRAM_DH_PRIME,
  type TlLong,
} from './big-numbers';
import { sha1, sha256 } from './mtproto-envelope';
import type { FakeRsaKey } from './rsa-key';
import type { TlObject } from './tl-wire';

/**
 * The server side of MTProto's auth key exchange (https://core.telegram.org/mtproto/auth_key):
 * req_pq_multi -> resPQ, req_DH_params -> server_DH_params_ok, set_client_DH_params -> dh_gen_ok.
 * One instance per TCP connection; it checks every nonce and hash the protocol defines.
 */

/** pq for the client to factor: two primes below 2^32, as Telegram sends. */
const P = 998244353n;
const Q = 1000000007n;

export interface NewAuthKey {
  authKey: Buffer;
  /** The first server salt: new_nonce[0..8] XOR server_nonce[0..8]. */
  serverSalt: Buffer;
}

export class HandshakeError extends Error {}

interface Nonces {
  nonce: TlLong;
  serverNonce: TlLong;
}

interface DhState extends Nonces {
  newNonce: Buffer;
  tmpKey: Buffer;
  tmpIv: Buffer;
  a: bigint;
}

const le = (value: TlLong, bytes: number) => helpers.toSignedLittleBuffer(value, bytes);

export class DhHandshake {
  readonly #rsa: FakeRsaKey;
  #pq: Nonces | undefined;
  #dh: DhState | undefined;

  constructor(rsa: FakeRsaKey) {
    this.#rsa = rsa;
  }

  /** Answers one handshake message; `done` carries the new key after set_client_DH_params. */
  answer(request: unknown): { reply: TlObject; done?: NewAuthKey } {
    if (request instanceof Api.ReqPqMulti || request instanceof Api.ReqPq)
      return { reply: this.#resPq(request) };
    if (request instanceof Api.ReqDHParams) return { reply: this.#serverDhParams(request) };
    if (request instanceof Api.SetClientDHParams) return this.#dhGen(request);
    throw new HandshakeError(`unexpected unencrypted message ${describe(request)}`);
  }

  #resPq(request: Api.ReqPqMulti | Api.ReqPq): Api.ResPQ {
    const serverNonce = helpers.readBigIntFromBuffer(randomBytes(16), true, true);
    this.#pq = { nonce: request.nonce, serverNonce };
    this.#dh = undefined;
    return new Api.ResPQ({
      nonce: request.nonce,
      serverNonce,
      pq: bigIntToMinimalBytes(P * Q),
      serverPublicKeyFingerprints: [helpers.returnBigInt(this.#rsa.fingerprint)],
    });
  }

  #serverDhParams(request: Api.ReqDHParams): Api.ServerDHParamsOk {
    const pq = this.#pq;
    if (!pq) throw new HandshakeError('req_DH_params before req_pq');
    checkNonces(pq, request);
    if (fromTlLong(request.publicKeyFingerprint) !== this.#rsa.fingerprint) {
      throw new HandshakeError('req_DH_params names another RSA key');
    }
    if (bigIntFromBytes(request.p) !== P || bigIntFromBytes(request.q) !== Q) {
      throw new HandshakeError('the client factored pq wrongly');
    }
    const inner = this.#openRsaPad(request.encryptedData);
    if (!(inner instanceof Api.PQInnerData || inner instanceof Api.PQInnerDataDc)) {
      throw new HandshakeError(`encrypted_data holds ${describe(inner)}`);
    }
    checkNonces(pq, inner);
    if (bigIntFromBytes(inner.pq) !== P * Q) throw new HandshakeError('p_q_inner_data has another pq');

    const newNonce = le(inner.newNonce, 32);
    const serverNonce = le(pq.serverNonce, 16);
    const tmpKey = Buffer.concat([sha1(newNonce, serverNonce), sha1(serverNonce, newNonce).subarray(0, 12)]);
    const tmpIv = Buffer.concat([
      sha1(serverNonce, newNonce).subarray(12, 20),
      sha1(newNonce, newNonce),
      newNonce.subarray(0, 4),
    ]);
    const a = bigIntFromBytes(randomBytes(256));
    this.#dh = { ...pq, newNonce, tmpKey, tmpIv, a };

    const answer = new Api.ServerDHInnerData({
      nonce: pq.nonce,
      serverNonce: pq.serverNonce,
      g: TELEGRAM_DH_GENERATOR,
      dhPrime: bigIntToMinimalBytes(TELEGRAM_DH_PRIME),
      gA: bigIntToMinimalBytes(modPow(BigInt(TELEGRAM_DH_GENERATOR), a, TELEGRAM_DH_PRIME)),
      serverTime: Math.floor(Date.now() / 1000),
    }).getBytes();
    const withHash = Buffer.concat([sha1(answer), answer]);
    const padded = Buffer.concat([withHash, randomBytes((16 - (withHash.length % 16)) % 16)]);
    return new Api.ServerDHParamsOk({
      nonce: pq.nonce,
      serverNonce: pq.serverNonce,
      encryptedAnswer: igeEncrypt(padded, tmpKey, tmpIv),
    });
  }

  /** Undoes RSA_PAD: RSA, then temp_key_xor, then AES-IGE, then the reversed padded data. */
  #openRsaPad(encrypted: Buffer): unknown {
    const decrypted = this.#rsa.decryptRaw(encrypted);
    const aesEncrypted = decrypted.subarray(32);
    const tempKey = xor(decrypted.subarray(0, 32), sha256(aesEncrypted));
    const dataWithHash = igeDecrypt(aesEncrypted, tempKey, Buffer.alloc(32));
    const dataWithPadding = Buffer.from(dataWithHash.subarray(0, 192)).reverse();
    if (!sha256(tempKey, dataWithPadding).equals(dataWithHash.subarray(192))) {
      throw new HandshakeError('RSA_PAD hash mismatch');
    }
    return new extensions.BinaryReader(dataWithPadding).tgReadObject();
  }

  #dhGen(request: Api.SetClientDHParams): { reply: Api.DhGenOk; done: NewAuthKey } {
    const dh = this.#dh;
    if (!dh) throw new HandshakeError('set_client_DH_params before req_DH_params');
    checkNonces(dh, request);
    const plain = igeDecrypt(request.encryptedData, dh.tmpKey, dh.tmpIv);
    const reader = new extensions.BinaryReader(plain.subarray(20));
    const inner: unknown = reader.tgReadObject();
    if (!(inner instanceof Api.ClientDHInnerData)) throw new HandshakeError(`got ${describe(inner)}`);
    if (!sha1(plain.subarray(20, 20 + reader.tellPosition())).equals(plain.subarray(0, 20))) {
      throw new HandshakeError('client_DH_inner_data hash mismatch');
    }
    checkNonces(dh, inner);
    const gB = bigIntFromBytes(inner.gB);
    if (gB <= 1n || gB >= TELEGRAM_DH_PRIME - 1n) throw new HandshakeError('g_b out of range');
    // GramJS keeps g_ab as its minimal big-endian bytes (Helpers.getByteArray), so in the rare
    // case of a leading zero byte its key is 255 bytes long; the fake keys the same bytes.
    const authKey = bigIntToMinimalBytes(modPow(gB, dh.a, TELEGRAM_DH_PRIME));
    const auxHash = sha1(authKey).subarray(0, 8);
    const newNonceHash1 = sha1(dh.newNonce, Buffer.from([1]), auxHash).subarray(4, 20);
    this.#pq = undefined;
    this.#dh = undefined;
    return {
      reply: new Api.DhGenOk({
        nonce: dh.nonce,
        serverNonce: dh.serverNonce,
        newNonceHash1: helpers.readBigIntFromBuffer(newNonceHash1, true, true),
      }),
      done: { authKey, serverSalt: xor(dh.newNonce.subarray(0, 8), le(dh.serverNonce, 16).subarray(0, 8)) },
    };
  }
}

function checkNonces(expected: Nonces, got: { nonce: TlLong; serverNonce: TlLong }): void {
  if (!got.nonce.eq(expected.nonce) || !got.serverNonce.eq(expected.serverNonce)) {
    throw new HandshakeError('nonce mismatch');
  }
}

function xor(a: Uint8Array, b: Uint8Array): Buffer {
  return Buffer.from(a.map((byte, i) => byte ^ (b[i] ?? 0)));
}

function describe(value: unknown): string {
  return typeof value === 'object' && value !== null && 'className' in value
    ? String(value.className)
    : typeof value;
}
