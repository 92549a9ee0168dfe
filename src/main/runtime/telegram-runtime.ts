import { readFileSync } from 'node:fs';
import type { TelegramAccountView } from '../../shared/domain/telegram';
import type { EventHub } from '../api/event-hub';
import type { Clock } from '../clock';
import type { ConfigService } from '../config';
import { ConversationEngine, type EngineRetrieval } from '../engine';
import type { Embedder, LlmRouter } from '../llm';
import type { Logger } from '../logging';
import type { MediaDescriptions } from '../media';
import type { SecretCipher, SecretStore } from '../secrets';
import type { Store } from '../store';
import {
  type AccountDesk,
  DeferredAccountDesk,
  DeferredTelegramPort,
  resolveTelegramServer,
  SessionVault,
  TelegramLoader,
  telegramCredentialsFrom,
} from '../telegram';
import { TelegramService } from './telegram-service';
import type { RuntimeOptions } from './types';

export interface TelegramRuntimeDeps {
  store: Store;
  secrets: SecretStore;
  cipher: SecretCipher;
  config: ConfigService;
  events: EventHub;
  llm: LlmRouter;
  /** The embedding model memory recall may use now. */
  embedder: () => Embedder | null;
  /** The media description chain both networks share. */
  media: MediaDescriptions;
  /** The retriever both networks share. */
  retrieval: EngineRetrieval;
  clock: Clock;
  env: NodeJS.ProcessEnv;
  logger: Logger;
  engine?: RuntimeOptions['engine'];
}

export interface TelegramRuntime {
  readonly service: TelegramService;
  readonly engine: ConversationEngine;
  /** The MessagingPort over the agents' accounts (the console reads chats through it too). */
  readonly port: DeferredTelegramPort;
  /** The operator's actions on the accounts themselves: profile, photos, contacts. */
  readonly desk: AccountDesk;
  /** The agent's account is connected now, so the port can answer for it. */
  isConnected(configName: string): boolean;
  /** Starts the engine and connects the agents that should be; they follow settings and secrets from then on. */
  start(): void;
  close(): Promise<void>;
}

/**
 * Agents on Telegram: their accounts (one GramJS client each), the logins, the MessagingPort
 * over them and the conversation engine that runs on it. Only connected agents act there. GramJS
 * is loaded when Telegram is first needed (see TelegramLoader).
 */
export function createTelegramRuntime(deps: TelegramRuntimeDeps): TelegramRuntime {
  const { store, events, logger } = deps;
  const server = () =>
    resolveTelegramServer(store.settings.get().telegramServer, deps.env, (path) =>
      readFileSync(path, 'utf8'),
    );
  const vault = new SessionVault({ repository: store.telegramSessions, cipher: deps.cipher, logger });
  // Built below; the callbacks only fire once everything is in place.
  let service: TelegramService;
  const telegram = new TelegramLoader({
    vault,
    server,
    credentials: () => telegramCredentialsFrom(deps.secrets),
    logger,
    clock: deps.clock,
    onLoggedOut: (configName, code) => void service.sessionEnded(configName, code),
    // Telegram could not say everything missed: the account's unread chats are looked through.
    onUpdatesLost: (configName) =>
      void engine
        .scan(configName)
        .catch((error: unknown) =>
          logger.warn({ err: error, configName }, 'the scan for lost updates failed'),
        ),
    onLoggedIn: (configName, login) => service.loggedIn(configName, login),
    onStep: (configName, step) => events.emit('telegram.loginStep', { configName, step }),
  });
  const port = new DeferredTelegramPort(telegram, logger);
  const engine = new ConversationEngine({
    network: 'telegram',
    port,
    store,
    clock: deps.clock,
    logger,
    agents: () => deps.config.config.agents.filter((agent) => service.isActive(agent.configName)),
    prompts: () => deps.config.prompts,
    internalPrompts: () => deps.config.internalPrompts,
    embedder: deps.embedder,
    media: deps.media,
    retrieval: deps.retrieval,
    settings: () => store.settings.get(),
    llm: deps.llm,
    graphsFollowed: () => events.isHeard('conversation.graphChanged'),
    ...(deps.engine ?? {}),
  });
  service = new TelegramService({
    telegram,
    vault,
    store,
    secrets: deps.secrets,
    agents: () => deps.config.config.agents,
    settings: () => store.settings.get(),
    server,
    logger,
    onActiveChanged: () => engine.refresh(),
    onAccountChanged: (view) => events.emit('telegram.accountChanged', view),
    onAgentStateChanged: (state) => events.emit('agent.stateChanged', state),
  });
  const stops: (() => void)[] = [];
  const wasConnected = new Set<string>();
  const forwardAccountChanges = (configName: string, view: TelegramAccountView | null) => {
    service.accountChanged(configName);
    // Updates sent while the account was away are not replayed: a scan finds what they left unread.
    if (view?.connection === 'connected' && !wasConnected.has(configName)) {
      wasConnected.add(configName);
      engine
        .scan(configName)
        .catch((error: unknown) =>
          logger.warn(
            { err: error, configName },
            'the scan after connecting failed; the periodic scan will retry',
          ),
        );
    } else if (view?.connection !== 'connected') {
      wasConnected.delete(configName);
    }
  };
  stops.push(telegram.onLoaded(({ accounts }) => stops.push(accounts.onChange(forwardAccountChanges))));
  return {
    service,
    engine,
    port,
    desk: new DeferredAccountDesk(telegram),
    isConnected: (configName) => telegram.loaded()?.accounts.view(configName)?.connection === 'connected',
    start() {
      engine.start();
      // New Telegram API credentials or another server: the accounts follow.
      stops.push(deps.secrets.onChange(() => void service.reconcile()));
      stops.push(events.subscribe(() => void service.reconcile(), ['settings.changed']));
      void service.reconcile();
    },
    async close() {
      for (const stop of stops) stop();
      // Closing the accounts fails the engine's calls still waiting for Telegram, so it stops soon.
      const engineStopped = engine.stop();
      await service.close();
      await engineStopped;
      port.close();
    },
  };
}
