import { describe, expect, it } from 'vitest';
import {
  canLogIn,
  canLogOut,
  codeSentSentence,
  disabledReason,
  enableBlockedReason,
  formatRemaining,
  remainingMs,
  telegramServerChanges,
  telegramServerDraftErrors,
  userLabel,
} from '../../src/renderer/features/telegram/model';
import { DEFAULT_TELEGRAM_SERVER_SETTINGS } from '../../src/shared/domain/telegram';
import { FAKE_TELEGRAM_USER, telegramAccount } from './support/fake-runtime';

const NOW = Date.parse('2025-06-01T12:00:00.000Z');

describe('telegram model', () => {
  it('counts down to a future deadline only', () => {
    expect(remainingMs('2025-06-01T12:00:07.500Z', NOW)).toBe(7500);
    expect(remainingMs('2025-06-01T12:00:00.000Z', NOW)).toBeNull();
    expect(remainingMs('2025-06-01T11:00:00.000Z', NOW)).toBeNull();
    expect(remainingMs(null, NOW)).toBeNull();
    expect(remainingMs('not a time', NOW)).toBeNull();
  });

  it('formats a countdown rounded up to whole seconds, in days and hours past a day', () => {
    expect(formatRemaining(7500)).toBe('0:08');
    expect(formatRemaining(245_000)).toBe('4:05');
    expect(formatRemaining(3_723_000)).toBe('1:02:03');
    expect(formatRemaining(2 * 86_400_000 + 3 * 3_600_000 + 1000)).toBe('2 d 3 h');
    expect(formatRemaining(-5)).toBe('0:00');
  });

  it('offers Log in without a session or after a problem, and Log out with one', () => {
    const loggedOut = telegramAccount('Heidi');
    const connected = telegramAccount('Heidi', { connection: 'connected', user: FAKE_TELEGRAM_USER });
    const offNeverLoggedIn = telegramAccount('Heidi', { connection: 'disabled', enabled: false });
    const offLoggedIn = { ...offNeverLoggedIn, user: FAKE_TELEGRAM_USER };
    const broken = telegramAccount('Heidi', { connection: 'error', problem: 'Telegram API id is missing.' });

    expect([loggedOut, connected, offNeverLoggedIn, offLoggedIn, broken].map(canLogIn)).toEqual([
      true,
      false,
      true,
      false,
      true,
    ]);
    expect([loggedOut, connected, offNeverLoggedIn, offLoggedIn, broken].map(canLogOut)).toEqual([
      false,
      true,
      false,
      true,
      false,
    ]);
  });

  it('explains why an agent is off, the file winning over the switch', () => {
    expect(enableBlockedReason({ disabled: true })).toMatch(/Disabled section/);
    expect(enableBlockedReason({ disabled: false })).toBeNull();
    expect(disabledReason({ disabled: true }, { enabled: true })).toBe(
      'The agent file has a Disabled section.',
    );
    expect(disabledReason({ disabled: false }, { enabled: false })).toBe('Switched off by an operator.');
    expect(disabledReason({ disabled: false }, { enabled: true })).toBeNull();
  });

  it('says where the code went and who logged in', () => {
    expect(codeSentSentence({ sentTo: 'sms', phone: '+44 7700 900123' })).toBe(
      'Telegram sent a code by SMS to +44 7700 900123.',
    );
    expect(codeSentSentence({ sentTo: 'app', phone: '+1 555' })).toMatch(/in the Telegram app/);
    expect(userLabel(FAKE_TELEGRAM_USER)).toBe('Heidi Klum (@heidi)');
    expect(userLabel({ name: 'Ada', username: null })).toBe('Ada');
  });

  it('requires the address and key of a custom server before saving', () => {
    expect(telegramServerDraftErrors(DEFAULT_TELEGRAM_SERVER_SETTINGS)).toEqual({});
    expect(telegramServerDraftErrors({ ...DEFAULT_TELEGRAM_SERVER_SETTINGS, mode: 'custom' })).toEqual({
      'telegramServer.address': 'Enter the server’s host:port.',
      'telegramServer.rsaPublicKeyPem': 'Paste the server’s RSA public key in PEM form.',
    });
    expect(
      telegramServerDraftErrors({
        mode: 'custom',
        address: 'localhost',
        dcId: Number.NaN,
        rsaPublicKeyPem: '-----BEGIN RSA PUBLIC KEY-----\nMIIB\n-----END RSA PUBLIC KEY-----',
      }),
    ).toEqual({
      'telegramServer.address': 'Enter host:port, e.g. 127.0.0.1:8443.',
      'telegramServer.dcId': 'Enter a whole number from 1 to 1000.',
    });
    expect(
      telegramServerDraftErrors({
        mode: 'custom',
        address: '[::1]:8443',
        dcId: 2,
        rsaPublicKeyPem: '-----BEGIN PUBLIC KEY-----',
      }),
    ).toEqual({});
  });

  it('patches only the changed server fields', () => {
    expect(
      telegramServerChanges(
        { ...DEFAULT_TELEGRAM_SERVER_SETTINGS, mode: 'custom', address: '127.0.0.1:8443' },
        DEFAULT_TELEGRAM_SERVER_SETTINGS,
      ),
    ).toEqual({ mode: 'custom', address: '127.0.0.1:8443' });
    expect(telegramServerChanges(DEFAULT_TELEGRAM_SERVER_SETTINGS, DEFAULT_TELEGRAM_SERVER_SETTINGS)).toEqual(
      {},
    );
  });
});
