import { createHash } from 'node:crypto';
import type { AgentConfig } from '../../shared/domain/config';
import type { AccountInfo } from '../messaging/port';

/** Simulated agents get ids in a range of their own, below the simulated people (9 000 000 001+). */
const FIRST_SIMULATED_AGENT_ID = 8_000_000_001;
const SIMULATED_AGENT_ID_SPAN = 999_999_999;

/**
 * The account an agent has in the Simulator: a stable id derived from its config name (so chats
 * survive restarts and never collide with a simulated person), its display name, and a username
 * made from the config name, which is what people @-mention.
 */
export function simulatedAgentAccount(configName: string, agent: AgentConfig | undefined): AccountInfo {
  const { id, username } = accountKeyOf(configName);
  return { id, name: agent?.name ?? configName, username, premium: false };
}

/** The Simulator asks for an agent's account several times per message; the hash is worth keeping. */
const accountKeys = new Map<string, { id: number; username: string }>();

function accountKeyOf(configName: string): { id: number; username: string } {
  let key = accountKeys.get(configName);
  if (!key) {
    const digest = createHash('sha256').update(configName).digest();
    key = {
      id: FIRST_SIMULATED_AGENT_ID + (digest.readUInt32BE(0) % SIMULATED_AGENT_ID_SPAN),
      username: simulatedUsername(configName),
    };
    accountKeys.set(configName, key);
  }
  return key;
}

/** Telegram usernames: a letter first, then letters, digits and underscores, 4 to 32 in all. */
export function simulatedUsername(configName: string): string {
  let name = configName.replace(/[^A-Za-z0-9_]/g, '_');
  if (!/^[A-Za-z]/.test(name)) name = `a${name}`;
  if (name.length < 4) name = `${name}_bot`;
  return name.slice(0, 32).toLowerCase();
}
