import '../memory.css';
import { memo } from 'react';
import type { MemorySummary } from '../../../../shared/domain/memory';
import { type ConversationRef, messageRangeLabel } from '../model';
import { SummaryCard } from './SummaryCard';

/**
 * A summary where the messages it covers end, across the timeline: what the prompt shows instead
 * of them. Memoized like the message rows: a new message redraws no summary.
 */
export const TimelineSummary = memo(function TimelineSummary({
  conversation,
  summary,
  onShowMessage,
}: {
  conversation: ConversationRef;
  summary: MemorySummary;
  onShowMessage: (messageId: number) => void;
}) {
  const range = messageRangeLabel(summary.minMessageId, summary.maxMessageId);
  return (
    <div className="mem-timeline-summary" role="note" aria-label={`Summary of ${range}`}>
      <SummaryCard conversation={conversation} summary={summary} onShowMessage={onShowMessage} />
    </div>
  );
});
