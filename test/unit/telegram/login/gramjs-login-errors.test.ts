import { errors } from 'telegram';
import { describe, expect, it } from 'vitest';
import { LoginError } from '../../../../src/main/telegram/login';
import {
  connectErrorFrom,
  loginErrorFrom,
  waitDuration,
} from '../../../../src/main/telegram/login/gramjs-login-errors';

describe('loginErrorFrom', () => {
  it('says how long a flood wait lasts, rounded up to a readable unit', () => {
    expect(waitDuration(5)).toBe('5 seconds');
    expect(waitDuration(61)).toBe('2 minutes');
    expect(waitDuration(3_600)).toBe('1 hour');
    expect(waitDuration(86_400)).toBe('24 hours');
  });

  it('keeps an unknown Telegram error readable and marks it as ending the login', () => {
    const error = loginErrorFrom(new errors.RPCError('SOMETHING_ODD', new (class {})() as never, 400));
    expect(error).toBeInstanceOf(LoginError);
    expect(error).toMatchObject({ kind: 'unavailable', message: 'The login failed: SOMETHING_ODD.' });
  });

  it('names the server a failed connection tried, and keeps Telegram’s own refusals as they are', () => {
    const refused = connectErrorFrom(new Error('connect ECONNREFUSED 127.0.0.1:4443'), '127.0.0.1:4443');
    expect(refused).toMatchObject({
      kind: 'unavailable',
      message:
        'Cannot connect to 127.0.0.1:4443 (connect ECONNREFUSED 127.0.0.1:4443); check the network and the Telegram server in Settings, then try again.',
    });
    const flood = connectErrorFrom(
      new errors.RPCError('PHONE_NUMBER_FLOOD', new (class {})() as never, 400),
      'x',
    );
    expect(flood.message).toMatch(/^Telegram has seen too many login attempts/);
  });
});
