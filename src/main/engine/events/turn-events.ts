import type { ConversationKey } from '../../../shared/domain/conversation-key';
import type { RefusedEventTask } from '../../prompt/events-section';
import type { ScheduledEvent, Store } from '../../store';

const FAILURE_PREFIX = 'event task: ';
/** More refusals than this in one turn are the same mistake repeated. */
const MAX_REFUSALS_SHOWN = 5;

/**
 * What a turn's prompt shows of the conversation's events: those still to come, and the event
 * tasks of the previous turn that were refused (logged after that turn's exchange), so the agent
 * learns why.
 */
export function turnEvents(
  store: Store,
  conversation: ConversationKey,
): { upcoming: ScheduledEvent[]; refused: RefusedEventTask[] } {
  const upcoming = store.scheduledEvents.list(conversation);
  const previousAt = store.exchangeHistory.latestAt(conversation);
  if (previousAt === null) return { upcoming, refused: [] };
  const refused = store.taskLog
    .list({
      agent: conversation.agent,
      channelId: conversation.channelId,
      kinds: ['event'],
      since: new Date(previousAt),
      limit: 50,
    })
    .filter((entry) => entry.failureMessage !== null)
    .slice(0, MAX_REFUSALS_SHOWN)
    .map((entry) => ({
      id: entry.taskIdentifier ?? '?',
      reason: (entry.failureMessage ?? '').replace(FAILURE_PREFIX, ''),
    }));
  return { upcoming, refused };
}
