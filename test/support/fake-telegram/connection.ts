import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { Api } from 'telegram';
import { toTlLong } from './big-numbers';
import { DhHandshake } from './dh-handshake';
import {
  authKeyIdOf,
  openEncrypted,
  openPlain,
  ServerMessageIds,
  sealEncrypted,
  sealPlain,
} from './mtproto-envelope';
import { RpcFailure } from './rpc-failure';
import { type RpcRouter, unwrapInvocation } from './rpc-router';
import type { FakeRsaKey } from './rsa-key';
import type { AuthKeyRecord, Store } from './store';
import { TcpFullDecoder, TcpFullEncoder, transportErrorPayload } from './tcp-full';
import {
  type ContainedMessage,
  constructorOf,
  containerBody,
  encodeAnswer,
  GZIP_PACKED,
  MSG_CONTAINER,
  openContainer,
  openGzipPacked,
  readObject,
  rpcResult,
  type TlObject,
} from './tl-wire';

/**
 * One client TCP connection: TCPFull framing, the unencrypted key exchange, then MTProto 2.0
 * sessions (salts, new_session_created, acks, containers, gzip_packed, pings, rpc_result).
 * Incoming packets are handled one at a time, in order.
 */

interface Reply {
  body: Buffer;
  contentRelated: boolean;
}

export interface ConnectionDeps {
  store: Store;
  rsa: FakeRsaKey;
  router: RpcRouter;
  log: (line: string) => void;
  /** A stalled server reads packets and drops them unanswered. */
  stalled: () => boolean;
  /** A cut-off user's connections are dropped at their first encrypted packet. */
  isCutOff: (userId: bigint) => boolean;
}

export class FakeConnection {
  readonly #socket: Socket;
  readonly #deps: ConnectionDeps;
  readonly #decoder = new TcpFullDecoder();
  readonly #encoder = new TcpFullEncoder();
  readonly #msgIds = new ServerMessageIds();
  readonly #handshake: DhHandshake;
  #queue: Promise<void> = Promise.resolve();
  #authKey: AuthKeyRecord | null = null;
  #sessionId: Buffer | null = null;
  #sessionAnnounced = false;
  #contentSent = 0;
  #closed = false;
  /**
   * Telegram pushes updates per auth key, to sessions that make ordinary calls. GramJS opens an
   * extra connection on the same key for downloads, with no update handler; it only calls
   * upload.*, so it never qualifies.
   */
  #wantsUpdates = false;

  constructor(socket: Socket, deps: ConnectionDeps) {
    this.#socket = socket;
    this.#deps = deps;
    this.#handshake = new DhHandshake(deps.rsa);
    socket.on('data', (chunk: Buffer) => this.#onData(chunk));
    socket.on('error', () => this.close());
    socket.on('close', () => {
      this.#closed = true;
    });
  }

  /** The auth key of this connection's live session, once it has one that takes updates. */
  get updateTarget(): AuthKeyRecord | null {
    return this.#wantsUpdates && this.#sessionId && !this.#closed ? this.#authKey : null;
  }

  /** Pushes an unsolicited object (Updates) into the current session. */
  push(updates: TlObject): void {
    this.#send([{ body: updates.getBytes(), contentRelated: true }], 'notice');
  }

  /** The user whose key this connection uses, once it sent an encrypted packet. */
  get authKeyUserId(): bigint | null {
    return this.#authKey?.userId ?? null;
  }

  close(): void {
    this.#closed = true;
    this.#socket.destroy();
  }

  #onData(chunk: Buffer): void {
    let payloads: Buffer[];
    try {
      payloads = this.#decoder.push(chunk);
    } catch (error) {
      this.#fail(error);
      return;
    }
    for (const payload of payloads) {
      this.#queue = this.#queue
        .then(() => this.#onPayload(payload))
        .catch((error: unknown) => this.#fail(error));
    }
  }

  #fail(error: unknown): void {
    if (this.#closed) return;
    this.#deps.log(
      `fake Telegram dropped a connection: ${error instanceof Error ? error.message : String(error)}`,
    );
    this.close();
  }

  async #onPayload(payload: Buffer): Promise<void> {
    if (this.#closed || this.#deps.stalled()) return;
    if (payload.length < 8) throw new Error(`payload of ${payload.length} bytes`);
    if (payload.readBigUInt64LE(0) === 0n) this.#onPlain(payload);
    else await this.#onEncrypted(payload);
  }

  #onPlain(payload: Buffer): void {
    const { body } = openPlain(payload);
    const { reply, done } = this.#handshake.answer(readObject(body));
    if (done) {
      const id = authKeyIdOf(done.authKey);
      this.#deps.store.authKeys.set(id, { id, key: done.authKey, serverSalt: done.serverSalt, userId: null });
    }
    this.#write(sealPlain(this.#msgIds.next('answer'), reply.getBytes()));
  }

  async #onEncrypted(payload: Buffer): Promise<void> {
    const authKey = this.#deps.store.authKeys.get(payload.subarray(0, 8).toString('hex'));
    if (!authKey) {
      // Telegram's answer to an unknown auth key: transport error -404, then the connection ends.
      this.#write(transportErrorPayload(404));
      this.#closed = true;
      this.#socket.end();
      return;
    }
    if (authKey.userId !== null && this.#deps.isCutOff(authKey.userId)) {
      this.close();
      return;
    }
    const message = openEncrypted(authKey.key, payload);
    if (this.#authKey !== authKey || !this.#sessionId?.equals(message.sessionId)) {
      this.#authKey = authKey;
      this.#sessionId = message.sessionId;
      this.#sessionAnnounced = false;
      this.#contentSent = 0;
    }
    if (!message.salt.equals(authKey.serverSalt)) {
      // GramJS starts every new sender with salt 0 and learns the real one from this answer.
      const badSalt = new Api.BadServerSalt({
        badMsgId: toTlLong(message.msgId),
        badMsgSeqno: message.seqNo,
        errorCode: 48,
        newServerSalt: toTlLong(authKey.serverSalt.readBigInt64LE(0)),
      });
      this.#send([{ body: badSalt.getBytes(), contentRelated: false }], 'answer');
      return;
    }
    const replies: Reply[] = [];
    const announcing = !this.#sessionAnnounced;
    if (announcing) {
      this.#sessionAnnounced = true;
      const created = new Api.NewSessionCreated({
        firstMsgId: toTlLong(message.msgId),
        uniqueId: toTlLong(randomBytes(8).readBigInt64LE(0)),
        serverSalt: toTlLong(authKey.serverSalt.readBigInt64LE(0)),
      });
      replies.push({ body: created.getBytes(), contentRelated: true });
    }
    const acks: bigint[] = [];
    await this.#onMessage(
      authKey,
      { msgId: message.msgId, seqNo: message.seqNo, body: message.body },
      replies,
      acks,
    );
    if (acks.length > 0) {
      const ack = new Api.MsgsAck({ msgIds: acks.map(toTlLong) });
      replies.splice(announcing ? 1 : 0, 0, { body: ack.getBytes(), contentRelated: false });
    }
    if (replies.length > 0) this.#send(replies, 'answer');
  }

  async #onMessage(
    authKey: AuthKeyRecord,
    message: ContainedMessage,
    replies: Reply[],
    acks: bigint[],
  ): Promise<void> {
    const constructorId = constructorOf(message.body);
    if (constructorId === MSG_CONTAINER) {
      for (const inner of openContainer(message.body)) await this.#onMessage(authKey, inner, replies, acks);
      return;
    }
    if (constructorId === GZIP_PACKED) {
      await this.#onMessage(authKey, { ...message, body: openGzipPacked(message.body) }, replies, acks);
      return;
    }
    const object = readObject(message.body);
    if (object instanceof Api.MsgsAck) return;
    if (object instanceof Api.Ping || object instanceof Api.PingDelayDisconnect) {
      const pong = new Api.Pong({ msgId: toTlLong(message.msgId), pingId: object.pingId });
      replies.push({ body: pong.getBytes(), contentRelated: true });
      return;
    }
    if (!isRequest(object)) {
      this.#deps.log(`fake Telegram ignores the service message ${describe(object)}`);
      return;
    }
    if (message.seqNo % 2 === 1) acks.push(message.msgId);
    const { query, withoutUpdates } = unwrapInvocation(object);
    if (!withoutUpdates && !query.className.startsWith('upload.')) this.#wantsUpdates = true;
    let answer: Buffer;
    try {
      answer = encodeAnswer(await this.#deps.router.invoke(query, authKey));
    } catch (error) {
      if (!(error instanceof RpcFailure)) throw error;
      answer = new Api.RpcError({ errorCode: error.code, errorMessage: error.errorMessage }).getBytes();
    }
    replies.push({ body: rpcResult(message.msgId, answer), contentRelated: true });
  }

  /** Seals replies into the session, in a container when there are several. */
  #send(replies: readonly Reply[], kind: 'answer' | 'notice'): void {
    const authKey = this.#authKey;
    const sessionId = this.#sessionId;
    if (!authKey || !sessionId || this.#closed) return;
    const messages = replies.map((reply) => ({
      msgId: this.#msgIds.next(kind),
      seqNo: reply.contentRelated ? this.#contentSent++ * 2 + 1 : this.#contentSent * 2,
      body: reply.body,
    }));
    const single = messages.length === 1 ? messages[0] : undefined;
    const outer = single ?? {
      msgId: this.#msgIds.next(kind),
      seqNo: this.#contentSent * 2,
      body: containerBody(messages),
    };
    this.#write(sealEncrypted(authKey.key, { ...outer, salt: authKey.serverSalt, sessionId }));
  }

  #write(payload: Buffer): void {
    if (!this.#closed) this.#socket.write(this.#encoder.encode(payload));
  }
}

function isRequest(object: unknown): object is TlObject & { classType: 'request' } {
  return (
    typeof object === 'object' && object !== null && 'classType' in object && object.classType === 'request'
  );
}

function describe(object: unknown): string {
  return typeof object === 'object' && object !== null && 'className' in object
    ? String(object.className)
    : typeof object;
}
