import type { Network } from '../../shared/api/conversation-contract';
import type { ChatMsg } from '../../shared/domain/conversation';
import type { EventHub } from '../api/event-hub';
import type { ConversationEngine } from '../engine';
import type { Logger } from '../logging';
import type { InboundEvent } from '../messaging/port';
import type { Simulator, SimulatorChange } from '../simulator';
import type { TelegramMessagingPort } from '../telegram/port';

/** What the console's live Telegram view needs of the port. */
export type TelegramEventSource = Pick<
  TelegramMessagingPort,
  'subscribe' | 'onOwnChange' | 'onActivity' | 'fetchMessage'
>;

export interface ConversationEventSources {
  events: EventHub;
  /** What the console is told about a message's media (the descriptions known so far). */
  annotate: (message: ChatMsg) => ChatMsg;
  simulator: Simulator;
  telegram: TelegramEventSource;
  engines: readonly ConversationEngine[];
  logger: Logger;
}

/**
 * Turns what happens in conversations into console events: messages, edits, deletions and what
 * the people see of the agent (typing, online) from the Simulator's change stream; messages,
 * edits and deletions on Telegram from its port (what people did, and what the agent sent or
 * reacted); task graphs, LLM exchanges and memory changes from the engines. Returns the function that stops
 * forwarding.
 */
export function forwardConversationEvents(sources: ConversationEventSources): () => void {
  const messages = withDescribedMedia(sources.events, sources.annotate);
  const stops = [
    forwardSimulatorChanges(messages, sources.simulator),
    ...forwardTelegramEvents(messages, sources.telegram, sources.logger),
    ...sources.engines.map((engine) => forwardEngineEvents(sources.events, engine)),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

/** A change of a conversation as the console shows it, whichever network it happened on. */
type ConsoleChange =
  | { kind: 'message' | 'edited'; agent: string; message: ChatMsg }
  | { kind: 'deleted'; agent: string; channelId: number; messageIds: number[] }
  | { kind: 'activity'; agent: string; channelId: number; typing: boolean; online: boolean };

type EventSink = Pick<EventHub, 'emit'>;

/** The events with each message's media described as far as Troupe knows (never asking a model). */
function withDescribedMedia(events: EventHub, annotate: (message: ChatMsg) => ChatMsg): EventSink {
  return {
    emit: (name, payload) => {
      if (name === 'conversation.message' || name === 'conversation.messageEdited') {
        const withMessage = payload as { message: ChatMsg };
        events.emit(name, { ...withMessage, message: annotate(withMessage.message) } as typeof payload);
      } else {
        events.emit(name, payload);
      }
    },
  };
}

/** The one place a conversation change becomes a console event, for both networks. */
function emitChange(events: EventSink, network: Network, change: ConsoleChange): void {
  switch (change.kind) {
    case 'message':
      events.emit('conversation.message', { agent: change.agent, network, message: change.message });
      return;
    case 'edited':
      events.emit('conversation.messageEdited', { agent: change.agent, network, message: change.message });
      return;
    case 'deleted':
      events.emit('conversation.messagesDeleted', {
        agent: change.agent,
        network,
        channelId: change.channelId,
        messageIds: change.messageIds,
      });
      return;
    case 'activity': {
      const { agent, channelId, typing, online } = change;
      events.emit('conversation.activity', { agent, network, channelId, typing, online });
      return;
    }
    default: {
      const unknown: never = change;
      throw new Error(`Unknown console change ${JSON.stringify(unknown)}`);
    }
  }
}

/** What the console shows of a Simulator change; null for what it reads with the chat list. */
function simulatorChange(change: SimulatorChange): ConsoleChange | null {
  switch (change.type) {
    case 'message':
      return { kind: 'message', agent: change.agent, message: change.message };
    case 'edit':
    case 'reaction':
      // A reaction changes the message as the console shows it.
      return { kind: 'edited', agent: change.agent, message: change.message };
    case 'delete':
      return {
        kind: 'deleted',
        agent: change.agent,
        channelId: change.channelId,
        messageIds: change.messageIds,
      };
    case 'activity':
      return { ...change, kind: 'activity' };
    case 'chatCreated':
    case 'read':
      return null;
    default: {
      const unknown: never = change;
      throw new Error(`Unknown simulator change ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * What the console shows of a Telegram inbound event. A reaction names the message only, so it
 * asks for the message to be fetched as it now is; typing and read receipts show nothing (the
 * console shows the agent's activity, and read states come with the chat list).
 */
function telegramChange(
  event: InboundEvent,
): ConsoleChange | { kind: 'reacted'; agent: string; channelId: number; messageId: number } | null {
  switch (event.type) {
    case 'message':
      return { kind: 'message', agent: event.agent, message: event.message };
    case 'edit':
      return { kind: 'edited', agent: event.agent, message: event.message };
    case 'delete':
      return {
        kind: 'deleted',
        agent: event.agent,
        channelId: event.channelId,
        messageIds: event.messageIds,
      };
    case 'reaction':
      return { kind: 'reacted', agent: event.agent, channelId: event.channelId, messageId: event.messageId };
    case 'typing':
    case 'read':
      return null;
    default: {
      const unknown: never = event;
      throw new Error(`Unknown inbound event ${JSON.stringify(unknown)}`);
    }
  }
}

function forwardSimulatorChanges(events: EventSink, simulator: Simulator): () => void {
  return simulator.onChange((change) => {
    const shown = simulatorChange(change);
    if (shown) emitChange(events, 'simulator', shown);
  });
}

/** Telegram's inbound events and the agent's own changes (what it sent, edited or reacted). */
function forwardTelegramEvents(events: EventSink, port: TelegramEventSource, logger: Logger): (() => void)[] {
  const emitFetched = (agent: string, channelId: number, messageId: number) => {
    port
      .fetchMessage(agent, channelId, messageId)
      .then((message) => {
        if (message) emitChange(events, 'telegram', { kind: 'edited', agent, message });
      })
      .catch((error: unknown) =>
        logger.warn({ err: error, agent, channelId, messageId }, 'could not fetch a message reacted to'),
      );
  };
  return [
    port.subscribe((event) => {
      const shown = telegramChange(event);
      if (shown?.kind === 'reacted') emitFetched(shown.agent, shown.channelId, shown.messageId);
      else if (shown) emitChange(events, 'telegram', shown);
    }),
    port.onActivity((change) => emitChange(events, 'telegram', { kind: 'activity', ...change })),
    port.onOwnChange((change) => {
      const kind = change.type === 'sent' ? 'message' : 'edited';
      emitChange(events, 'telegram', { kind, agent: change.agent, message: change.message });
    }),
  ];
}

function forwardEngineEvents(events: EventHub, engine: ConversationEngine): () => void {
  return engine.subscribe((event) => {
    if (event.type === 'spendingLimit') {
      events.emit('copilot.agentChanged', { agent: event.agent });
      return;
    }
    if (event.type === 'scheduleChanged') {
      events.emit('schedule.changed', { agent: event.agent });
      return;
    }
    const { agent, network, channelId } = event.conversation;
    switch (event.type) {
      case 'graphChanged':
        events.emit('conversation.graphChanged', { agent, network, channelId, graph: event.graph });
        return;
      case 'exchange':
        events.emit('conversation.exchange', { agent, network, channelId, exchange: event.exchange });
        return;
      case 'turnState':
        events.emit('conversation.turnState', { agent, network, channelId, state: event.state });
        return;
      case 'eventsChanged':
        events.emit('events.changed', { agent, network, channelId });
        return;
      case 'memoryChanged':
        for (const touch of event.touched) {
          if (touch.what === 'events' || touch.what === 'schedule') continue;
          const partnerId = 'partnerId' in touch ? touch.partnerId : null;
          events.emit('memory.changed', { agent, network, what: touch.what, channelId, partnerId });
        }
        return;
      default: {
        const unknown: never = event;
        throw new Error(`Unknown engine event ${JSON.stringify(unknown)}`);
      }
    }
  });
}
