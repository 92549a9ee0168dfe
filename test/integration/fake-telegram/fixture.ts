import { Api, helpers, type TelegramClient } from 'telegram';
import { afterEach, beforeEach } from 'vitest';
import {
  connectClient,
  type FakeTelegram,
  type FakeUser,
  startFakeTelegram,
} from '../../support/fake-telegram';

/** Per-test timeout for these tests; every await inside is bounded more tightly. */
export const TEST_TIMEOUT_MS = 15_000;
/** Bound for a single client call or pushed update. */
export const STEP_MS = 5_000;

/** A fresh fake Telegram per test, closed (with its clients) afterwards. */
export function useFakeTelegram(): () => FakeTelegram {
  let fake: FakeTelegram | undefined;
  beforeEach(async () => {
    fake = await startFakeTelegram();
  });
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });
  return () => {
    if (!fake) throw new Error('the fake Telegram is not running');
    return fake;
  };
}

/** A client already logged in as the user (no key exchange, no login). */
export async function loggedInClient(fake: FakeTelegram, user: FakeUser): Promise<TelegramClient> {
  return connectClient(fake, { session: await fake.createSession(user.id) });
}

export function inputPeer(user: FakeUser): Api.InputPeerUser {
  return new Api.InputPeerUser({
    userId: helpers.returnBigInt(user.id),
    accessHash: helpers.returnBigInt(user.accessHash),
  });
}

/** Resolves with the first value `subscribe` hands its callback that `matches`. */
export function nextValue<T>(
  subscribe: (callback: (value: T) => void) => void,
  matches: (value: T) => boolean,
): Promise<T> {
  return new Promise((resolve) => subscribe((value) => matches(value) && resolve(value)));
}
