/**
 * The fake Telegram test harness: a project-owned MTProto server that unmodified GramJS clients
 * talk to on loopback. Start one with startFakeTelegram(), connect clients with connectClient().
 */

export type {
  CreateUserOptions,
  FakeChannel,
  FakeChat,
  FakeFile,
  FakeGroup,
  FakeMembershipTarget,
  FakeMessageRef,
  FakeMessageTarget,
  FakeMessageView,
  FakeStickerSet,
  FakeTelegram,
  FakeUser,
  SayOptions,
  StartFakeTelegramOptions,
} from './api';
export {
  type ConnectClientOptions,
  connectClient,
  destroyClient,
  FAKE_API_HASH,
  FAKE_API_ID,
} from './client';
export { startFakeTelegram } from './fake-telegram';
export type { FaultOptions } from './faults';
export type { DialogSummary, TypingRecord } from './messaging';
export type { FakeCall } from './rpc-router';
export { trustRsaPublicKey } from './rsa-key';
export { troupeServerEnv } from './server-env';
export { waitFor, withTimeout } from './wait';
