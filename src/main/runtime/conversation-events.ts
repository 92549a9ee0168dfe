import type { EventHub } from '../api/event-hub';
import type { ConversationEngine } from '../engine';
import type { Simulator, SimulatorChange } from '../simulator';

export interface ConversationEventSources {
  events: EventHub;
  simulator: Simulator;
  engines: readonly ConversationEngine[];
}

/**
 * Turns what happens in conversations into console events: messages, edits, deletions and what
 * the people see of the agent (typing, online) from the Simulator's change stream; task graphs
 * and LLM exchanges from the engines. Returns the function that stops forwarding.
 */
export function forwardConversationEvents(sources: ConversationEventSources): () => void {
  const { events } = sources;
  const network = 'simulator' as const;
  const forwardChange = (change: SimulatorChange) => {
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
  };
  const stops = [
    sources.simulator.onChange(forwardChange),
    ...sources.engines.map((engine) =>
      engine.subscribe((event) => {
        const { agent, network: eventNetwork, channelId } = event.conversation;
        switch (event.type) {
          case 'graphChanged':
            events.emit('conversation.graphChanged', {
              agent,
              network: eventNetwork,
              channelId,
              graph: event.graph,
            });
            return;
          case 'exchange':
            events.emit('conversation.exchange', {
              agent,
              network: eventNetwork,
              channelId,
              exchange: event.exchange,
            });
            return;
          default: {
            const unknown: never = event;
            throw new Error(`Unknown engine event ${JSON.stringify(unknown)}`);
          }
        }
      }),
    ),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
