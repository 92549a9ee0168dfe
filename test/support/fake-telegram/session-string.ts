import { sessions } from 'telegram';
import { AuthKey } from 'telegram/crypto/AuthKey.js';

/**
 * The port a session records for the fake's DC. GramJS ignores a session's port when it connects
 * (it always dials 80, or 443 for downloads and WSS) and StringSession.save() cannot store ports
 * above 32767, so sessions say 443 and the client's socket class dials the fake's real port.
 */
const SESSION_PORT = 443;

export interface DcAddress {
  readonly id: number;
  readonly host: string;
}

/** A session for the fake's DC: the saved one, or a fresh one (which runs the key exchange). */
export function sessionFor(dc: DcAddress, saved = ''): sessions.StringSession {
  const session = new sessions.StringSession(saved);
  if (!saved) session.setDC(dc.id, dc.host, SESSION_PORT);
  return session;
}

/** A saved session string holding an auth key the fake already knows. */
export async function savedSession(dc: DcAddress, authKey: Buffer): Promise<string> {
  const session = sessionFor(dc);
  const key = new AuthKey();
  await key.setKey(authKey);
  session.setAuthKey(key);
  return session.save();
}
