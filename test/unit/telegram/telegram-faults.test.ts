import { Api, errors } from 'telegram';
import { describe, expect, it } from 'vitest';
import { classifyTelegramError } from '../../../src/main/telegram/accounts';
import { CallTimeoutError, withCallTimeout } from '../../../src/main/telegram/connection';

const request = new Api.updates.GetState();
const rpcError = (code: number, message: string) => new errors.RPCError(message, request, code);

describe('classifyTelegramError', () => {
  it('reads the seconds of a flood wait, GramJS’s class or the bare rpc error', () => {
    expect(classifyTelegramError(new errors.FloodWaitError({ request, capture: 30 }))).toEqual({
      kind: 'flood-wait',
      seconds: 30,
      code: 'FLOOD_WAIT_30',
    });
    expect(classifyTelegramError(rpcError(420, 'FLOOD_PREMIUM_WAIT_5'))).toMatchObject({
      kind: 'flood-wait',
      seconds: 5,
    });
  });

  it('keeps slow mode to the chat', () => {
    expect(classifyTelegramError(new errors.SlowModeWaitError({ request, capture: 10 }))).toEqual({
      kind: 'chat-wait',
      seconds: 10,
      code: 'SLOWMODE_WAIT_10',
    });
  });

  it('recognises the account limit and the ends of a session', () => {
    expect(classifyTelegramError(rpcError(400, 'PEER_FLOOD'))).toEqual({
      kind: 'send-limit',
      code: 'PEER_FLOOD',
    });
    for (const code of [
      'AUTH_KEY_UNREGISTERED',
      'SESSION_REVOKED',
      'USER_DEACTIVATED',
      'USER_DEACTIVATED_BAN',
      'AUTH_KEY_DUPLICATED',
    ]) {
      expect(classifyTelegramError(rpcError(401, code))).toEqual({ kind: 'logged-out', code });
    }
  });

  it('treats network trouble, timeouts and Telegram’s internal errors as transient', () => {
    expect(classifyTelegramError(new Error('Not connected'))).toMatchObject({ kind: 'transient' });
    expect(classifyTelegramError(new CallTimeoutError('messages.SendMessage', 30_000))).toMatchObject({
      kind: 'transient',
    });
    expect(classifyTelegramError(rpcError(500, 'RPC_CALL_FAIL'))).toMatchObject({ kind: 'transient' });
    expect(classifyTelegramError(rpcError(503, 'SOMETHING_NEW'))).toMatchObject({ kind: 'transient' });
  });

  it('treats every other refusal as final', () => {
    expect(classifyTelegramError(rpcError(400, 'YOU_BLOCKED_USER'))).toEqual({
      kind: 'refused',
      code: 'YOU_BLOCKED_USER',
    });
  });
});

describe('withCallTimeout', () => {
  it('fails a call that gets no answer with CallTimeoutError', async () => {
    await expect(withCallTimeout(new Promise(() => {}), 20, 'messages.GetHistory')).rejects.toBeInstanceOf(
      CallTimeoutError,
    );
  });

  it('passes an answer through', async () => {
    await expect(withCallTimeout(Promise.resolve(7), 1_000, 'x')).resolves.toBe(7);
  });

  it('stops waiting as soon as the account closes', async () => {
    const closing = new AbortController();
    const call = withCallTimeout(new Promise(() => {}), 60_000, 'messages.GetDialogs', closing.signal);
    closing.abort(new Error('disconnected'));
    await expect(call).rejects.toThrow('disconnected');
  });
});
