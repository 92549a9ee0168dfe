import type { EventHub } from '../api/event-hub';
import type { ConversationEngine } from '../engine';
import type { Logger } from '../logging';
import type { Simulator, SimulatorChange } from '../simulator';
import type { TelegramMessagingPort } from '../telegram/port';

/** What the console's live Telegram view needs of the port. */
export type TelegramEventSource = Pick<TelegramMessagingPort, 'subscribe' | 'onOwnChange' | 'fetchMessage'>;

export interface ConversationEventSources {
  events: EventHub;
  simulator: Simulator;
  telegram: TelegramEventSource;
  engines: readonly ConversationEngine[];
  logger: Logger;
}

/**
 * Turns what happens in conversations into console events: messages, edits, deletions and what
 * the people see of the agent (typing, online) from the Simulator's change stream; messages,
 * edits and deletions on Telegram from its port (what people did, and what the agent sent or
 * reacted); task graphs and LLM exchanges from the engines. Returns the function that stops
 * forwarding.
 */
export function forwardConversationEvents(sources: ConversationEventSources): () => void {
  const stops = [
    forwardSimulatorChanges(sources.events, sources.simulator),
    ...forwardTelegramEvents(sources.events, sources.telegram, sources.logger),
    ...sources.engines.map((engine) => forwardEngineEvents(sources.events, engine)),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

function forwardSimulatorChanges(events: EventHub, simulator: Simulator): () => void {
  const network = 'simulator' as const;
  return simulator.onChange((change: SimulatorChange) => {
    switch (change.type) {
      case 'message':
        events.emit('conversation.message', { agent: change.agent, network, message: change.message });
        return;
      case 'edit':
      case 'reaction':
        // A reaction changes the message as the console shows it.
        events.emit('conversation.messageEdited', { agent: change.agent, network, message: change.message });
        return;
      case 'delete':
        events.emit('conversation.messagesDeleted', {
          agent: change.agent,
          network,
          channelId: change.channelId,
          messageIds: change.messageIds,
        });
        return;
      case 'activity':
        events.emit('conversation.activity', {
          agent: change.agent,
          network,
          channelId: change.channelId,
          typing: change.typing,
          online: change.online,
        });
        return;
      case 'chatCreated':
      case 'read':
        // The console reads chats and read states when it lists conversations.
        return;
      default: {
        const unknown: never = change;
        throw new Error(`Unknown simulator change ${JSON.stringify(unknown)}`);
      }
    }
  });
}

/**
 * Telegram's inbound events and the agent's own changes, as the Simulator's are forwarded. A
 * reaction event names the message only, so the message is fetched as it now is.
 */
function forwardTelegramEvents(events: EventHub, port: TelegramEventSource, logger: Logger): (() => void)[] {
  const network = 'telegram' as const;
  const emitEdited = (agent: string, channelId: number, messageId: number) => {
    port
      .fetchMessage(agent, channelId, messageId)
      .then((message) => {
        if (message) events.emit('conversation.messageEdited', { agent, network, message });
      })
      .catch((error: unknown) =>
        logger.warn({ err: error, agent, channelId, messageId }, 'could not fetch a message reacted to'),
      );
  };
  return [
    port.subscribe((event) => {
      switch (event.type) {
        case 'message':
          events.emit('conversation.message', { agent: event.agent, network, message: event.message });
          return;
        case 'edit':
          events.emit('conversation.messageEdited', { agent: event.agent, network, message: event.message });
          return;
        case 'delete':
          events.emit('conversation.messagesDeleted', {
            agent: event.agent,
            network,
            channelId: event.channelId,
            messageIds: event.messageIds,
          });
          return;
        case 'reaction':
          emitEdited(event.agent, event.channelId, event.messageId);
          return;
        case 'typing':
        case 'read':
          // The console shows the agent's activity, not the people's; read states come with the list.
          return;
        default: {
          const unknown: never = event;
          throw new Error(`Unknown inbound event ${JSON.stringify(unknown)}`);
        }
      }
    }),
    port.onOwnChange((change) => {
      const name = change.type === 'sent' ? 'conversation.message' : 'conversation.messageEdited';
      events.emit(name, { agent: change.agent, network, message: change.message });
    }),
  ];
}

function forwardEngineEvents(events: EventHub, engine: ConversationEngine): () => void {
  return engine.subscribe((event) => {
    const { agent, network, channelId } = event.conversation;
    switch (event.type) {
      case 'graphChanged':
        events.emit('conversation.graphChanged', { agent, network, channelId, graph: event.graph });
        return;
      case 'exchange':
        events.emit('conversation.exchange', { agent, network, channelId, exchange: event.exchange });
        return;
      default: {
        const unknown: never = event;
        throw new Error(`Unknown engine event ${JSON.stringify(unknown)}`);
      }
    }
  });
}
