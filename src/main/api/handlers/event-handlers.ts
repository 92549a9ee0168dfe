import { ApiError, type EventsList } from '../../../shared/api';
import type { ConversationKey } from '../../../shared/domain/conversation-key';
import { formatInterval } from '../../../shared/domain/event-interval';
import { localDateTimeText } from '../../clock';
import type { ConversationEngine } from '../../engine';
import { randomTaskId } from '../../tasks/task-id';
import type { ApiHandlers } from '../dispatcher';
import { type ConversationHandlerDeps, conversationAccess } from './conversation-access';

type EventsProcedure = 'events.list' | 'events.save' | 'events.delete';

function eventsList(engine: ConversationEngine, conversation: ConversationKey): EventsList {
  const { timeZone, events } = engine.events(conversation);
  return {
    timeZone,
    events: events.map((event) => ({
      id: event.id,
      intent: event.intent,
      dueAt: event.dueAt.toISOString(),
      localTime: localDateTimeText(event.dueAt, timeZone),
      interval: event.intervalSeconds === null ? null : formatInterval(event.intervalSeconds),
      remaining: event.remaining,
      firedCount: event.firedCount,
      lastFiredAt: event.lastFiredAt?.toISOString() ?? null,
    })),
  };
}

/**
 * The console's hand on a conversation's scheduled events. Changes go through the conversation's
 * engine, which checks them as it checks the agent's `event` tasks, re-arms its timer and
 * announces `events.changed`; a refusal is `invalid_input` with the engine's reason.
 */
export function createEventHandlers(deps: ConversationHandlerDeps): Pick<ApiHandlers, EventsProcedure> {
  const { inConversation } = conversationAccess(deps);
  return {
    'events.list': (ref) => inConversation(ref, (engine) => eventsList(engine, ref)),
    'events.save': ({ id, event, ...ref }) =>
      inConversation(ref, (engine) => {
        if (id !== undefined && engine.events(ref).events.every((existing) => existing.id !== id)) {
          throw new ApiError('not_found', `This conversation has no event "${id}" (deleted meanwhile?).`);
        }
        const savedId = id ?? randomTaskId('event');
        const outcome = engine.changeEvent(ref, { id: savedId, ...event });
        if (outcome.outcome === 'refused') throw new ApiError('invalid_input', capitalised(outcome.reason));
        return { ...eventsList(engine, ref), savedId };
      }),
    'events.delete': ({ id, ...ref }) =>
      inConversation(ref, (engine) => {
        const outcome = engine.changeEvent(ref, { id, intent: '' });
        if (outcome.outcome === 'refused') throw new ApiError('not_found', capitalised(outcome.reason));
        return eventsList(engine, ref);
      }),
  };
}

function capitalised(reason: string): string {
  return `${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`;
}
