import type { Clock } from '../../clock';
import type { Logger } from '../../logging';
import { TelegramAccounts } from '../accounts';
import { TelegramLoginService, type TelegramLoginServiceDeps } from '../login';
import { TelegramMessagingPort } from '../port';
import { TelegramAccountDesk } from '../profile';

/**
 * Everything of the adapter that runs GramJS: the agents' accounts, the logins, the MessagingPort
 * over the accounts and the operator's desk. TelegramLoader imports this module on first need.
 */
export interface TelegramSide {
  readonly accounts: TelegramAccounts;
  readonly logins: TelegramLoginService;
  readonly port: TelegramMessagingPort;
  readonly desk: TelegramAccountDesk;
}

export interface TelegramSideDeps
  extends Pick<TelegramLoginServiceDeps, 'vault' | 'server' | 'credentials' | 'onLoggedIn' | 'onStep'> {
  logger: Logger;
  clock: Clock;
  /** Telegram ended an account's session (revoked, expired, account deleted). */
  onLoggedOut: (configName: string, code: string) => void;
  /** Telegram could not say everything an account missed: its unread chats need a look. */
  onUpdatesLost: (configName: string) => void;
}

export function createTelegramSide(deps: TelegramSideDeps): TelegramSide {
  const { logger, clock } = deps;
  const accounts = new TelegramAccounts({
    logger,
    clock,
    onLoggedOut: deps.onLoggedOut,
    onUpdatesLost: deps.onUpdatesLost,
  });
  const logins = new TelegramLoginService({
    vault: deps.vault,
    server: deps.server,
    credentials: deps.credentials,
    logger,
    onLoggedIn: deps.onLoggedIn,
    onStep: deps.onStep,
  });
  const port = new TelegramMessagingPort({ accounts, logger, clock });
  const desk = new TelegramAccountDesk(accounts, (account) => port.contextFor(account), clock, logger);
  return { accounts, logins, port, desk };
}
