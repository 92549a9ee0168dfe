import { _serverKeys } from 'telegram/crypto/RSA.js';
import { describe, expect, it } from 'vitest';
import { trustServerKey } from '../../../../src/main/telegram/connection';
import { fakeRsaKey } from '../../../support/fake-telegram/rsa-key';

describe('trustServerKey', () => {
  it('registers the key under Telegram’s fingerprint, which the key exchange looks up', () => {
    const key = fakeRsaKey();
    const fingerprint = trustServerKey(key.publicKeyPem);
    expect(fingerprint).toBe(key.fingerprint);
    expect(_serverKeys.get(fingerprint.toString())?.e).toBe(65537);
  });

  it('refuses a key that is not RSA', () => {
    const ed25519Pem =
      '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=\n-----END PUBLIC KEY-----\n';
    expect(() => trustServerKey(ed25519Pem)).toThrow(/not an RSA public key/);
  });
});
