import type { AgentsStore } from '../features/agents/store';
import type { ConversationToolsStore } from '../features/conversation-tools/store';
import type { ConversationStores } from '../features/conversations/store';
import type { CopilotStore } from '../features/copilot/store';
import type { CostsStore } from '../features/costs/store';
import type { DocumentsStore } from '../features/documents/store';
import type { EventsStore } from '../features/events/store';
import type { MediaStore } from '../features/media/store';
import type { MemoryStore } from '../features/memory/store';
import type { ScheduleStore } from '../features/schedule/store';
import type { SessionStore } from '../features/session/store';
import type { SettingsStore } from '../features/settings/store';
import type { TelegramStore } from '../features/telegram/store';
import type { ConsoleConnection } from './connect';

export interface ConsoleStores {
  agents: AgentsStore;
  settings: SettingsStore;
  session: SessionStore;
  /** The Playground's (Simulator) and the Conversations page's (Telegram) stores. */
  conversations: ConversationStores;
  telegram: TelegramStore;
  memory: MemoryStore;
  media: MediaStore;
  costs: CostsStore;
  copilot: CopilotStore;
  documents: DocumentsStore;
  /** The conversation views' task log and translations; optional where no view shows them. */
  conversationTools?: ConversationToolsStore;
  /** Each shown conversation's scheduled events; optional where no view shows them. */
  events?: EventsStore;
  /** The schedules the agent pages show; optional where no view shows them. */
  schedule?: ScheduleStore;
}

/**
 * The one place where the runtime's events reach the stores: components never subscribe to
 * the transport. When the WebSocket drops, the session is re-checked (it may have ended); when it
 * comes back, events may have been missed, so what is on screen is fetched again. Returns the
 * unsubscribe.
 */
export function feedStoresFromEvents(
  connection: Pick<ConsoleConnection, 'client' | 'onStatus'>,
  {
    agents,
    settings,
    session,
    conversations,
    telegram,
    memory,
    media,
    costs,
    copilot,
    documents,
    conversationTools,
    events,
    schedule,
  }: ConsoleStores,
): () => void {
  const { client } = connection;
  let missedEvents = false;

  const unsubscribes = [
    client.on('agent.stateChanged', (state) => agents.getState().actions.applyRuntimeState(state)),
    client.on('config.reloaded', (report) => {
      agents.getState().actions.applyConfigReport(report);
      settings.getState().actions.applyConfigReload();
      media.getState().actions.applyConfigReloaded(report.configPath);
      // A role prompt or document changed on disk, or an agent now names another prompt.
      documents.getState().actions.applyConfigReloaded();
      // An agent renamed or gone changes the names (and rows) of the drafts waiting.
      void copilot.getState().actions.reloadWaitingDrafts();
    }),
    client.on('secrets.changed', ({ secrets }) => settings.getState().actions.applySecrets(secrets)),
    client.on('settings.changed', (value) => {
      settings.getState().actions.applySettings(value);
      // A new Telegram server setting changes the server in effect, which has no event of its own.
      telegram.getState().actions.resync();
    }),
    client.on('telegram.accountChanged', (account) => {
      const before = telegram.getState().accounts[account.configName]?.connection;
      telegram.getState().actions.applyAccount(account);
      // Back online, the account's chats may have moved on unseen (or failed to load while it was down).
      if (account.connection === 'connected' && before !== 'connected')
        conversations.telegram.getState().actions.resyncAgent(account.configName);
    }),
    client.on('telegram.loginStep', ({ configName, step }) =>
      telegram.getState().actions.applyLoginStep(configName, step),
    ),
    // Each network's events go to that network's store: Simulator chats to the Playground,
    // Telegram chats to the Conversations page.
    client.on('conversation.message', ({ agent, network, message }) =>
      conversations[network].getState().actions.applyMessage(agent, message),
    ),
    client.on('conversation.messageEdited', ({ agent, network, message }) =>
      conversations[network].getState().actions.applyMessageEdited(agent, message),
    ),
    client.on('conversation.messagesDeleted', ({ agent, network, channelId, messageIds }) =>
      conversations[network].getState().actions.applyMessagesDeleted({ agent, channelId }, messageIds),
    ),
    client.on('conversation.chatsChanged', ({ agent, network }) =>
      conversations[network].getState().actions.applyChatsChanged(agent),
    ),
    client.on('conversation.graphChanged', ({ agent, network, channelId, graph }) => {
      conversations[network].getState().actions.applyGraph({ agent, channelId }, graph);
      // The drafts waiting, which the header and navigation show wherever the operator is.
      copilot.getState().actions.applyWaitingGraph({ network, agent, channelId }, graph);
    }),
    client.on('conversation.activity', ({ agent, network, channelId, typing, online }) =>
      conversations[network].getState().actions.applyActivity({ agent, channelId }, { typing, online }),
    ),
    client.on('conversation.turnState', ({ agent, network, channelId, state }) =>
      conversations[network].getState().actions.applyTurnState({ agent, channelId }, state),
    ),
    client.on('conversation.exchange', ({ agent, network, channelId, exchange }) =>
      conversations[network].getState().actions.applyExchange({ agent, channelId }, exchange),
    ),
    // A conversation's task log grew, or a batch of its messages was translated.
    client.on('conversation.taskLogged', ({ row, ...ref }) =>
      conversationTools?.getState().actions.applyTaskLogged(ref, row),
    ),
    client.on('conversation.translated', ({ language, translations, ...ref }) =>
      conversationTools?.getState().actions.applyTranslated(ref, language, translations),
    ),
    // What the agent or an operator changed in an agent's memory: the store reloads that part
    // where a view has it loaded.
    client.on('memory.changed', (change) => memory.getState().actions.applyChange(change)),
    // Descriptions written, moved or deleted: the media editor and libraries fetch again what they show.
    client.on('media.changed', ({ uniqueIds }) => media.getState().actions.applyChanged(uniqueIds)),
    // A media job started, made progress or ended: the jobs panel follows it.
    client.on('media.jobChanged', ({ job }) => media.getState().actions.applyJobChanged(job)),
    // A call was priced into the ledger, or the catalogue changed: cost views on screen follow.
    client.on('usage.recorded', (row) => costs.getState().actions.applyRecorded(row)),
    client.on('prices.changed', ({ prices }) => costs.getState().actions.applyPrices(prices)),
    // A conversation's scheduled events were changed, or one fired: its Events tab follows.
    client.on('events.changed', (ref) => {
      events?.getState().actions.applyChanged(ref);
      // The agent's Schedule tab marks its events too.
      schedule?.getState().actions.applyChanged(ref.agent);
    }),
    // An agent's schedule changed (its own task, an operator's edit): its Schedule tab follows.
    client.on('schedule.changed', ({ agent }) => schedule?.getState().actions.applyChanged(agent)),
    // An agent's approval default or spending limit changed, or the limit was reached.
    client.on('copilot.agentChanged', ({ agent }) => copilot.getState().actions.applyAgentChanged(agent)),
    connection.onStatus((status) => {
      session.getState().actions.setConnection(status);
      if (status === 'reconnecting') {
        missedEvents = true;
        void session.getState().actions.verifySession();
      } else if (status === 'online' && missedEvents) {
        missedEvents = false;
        agents.getState().actions.resync();
        settings.getState().actions.resync();
        conversations.simulator.getState().actions.resync();
        conversations.telegram.getState().actions.resync();
        telegram.getState().actions.resync();
        memory.getState().actions.resync();
        media.getState().actions.resync();
        costs.getState().actions.resync();
        copilot.getState().actions.resync();
        documents.getState().actions.resync();
        events?.getState().actions.resync();
        schedule?.getState().actions.resync();
      }
    }),
  ];

  return () => {
    for (const unsubscribe of unsubscribes) unsubscribe();
  };
}
