import type { AgentSummary } from '../../../shared/api/contract';
import type { TelegramAccountView } from '../../../shared/domain/telegram';
import { canLogOut } from '../telegram/model';

/** One agent in the Conversations page's list, with its Telegram account when the runtime has one. */
export type TelegramAgentEntry = {
  configName: string;
  name: string;
  disabled: boolean;
  account: TelegramAccountView | null;
};

export type TelegramAgents = {
  /** Agents with a Telegram session on this server, whose chats can be watched. */
  loggedIn: TelegramAgentEntry[];
  /** The others, listed greyed with a way to log in. */
  notLoggedIn: TelegramAgentEntry[];
};

/** Whether an agent has a Telegram session here (it may still be connecting or switched off). */
export function isLoggedIn(account: TelegramAccountView | null): account is TelegramAccountView {
  return account !== null && canLogOut(account);
}

/** Splits the agents by whether they are logged in to Telegram, each group in the agents' order. */
export function telegramAgents(
  agents: readonly AgentSummary[],
  accounts: Readonly<Record<string, TelegramAccountView>>,
): TelegramAgents {
  const result: TelegramAgents = { loggedIn: [], notLoggedIn: [] };
  for (const { config } of agents) {
    const account = accounts[config.configName] ?? null;
    const entry = { configName: config.configName, name: config.name, disabled: config.disabled, account };
    (isLoggedIn(account) ? result.loggedIn : result.notLoggedIn).push(entry);
  }
  return result;
}
