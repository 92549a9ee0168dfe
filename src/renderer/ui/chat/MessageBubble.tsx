import { Text } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconChecks, IconClock } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Where a message stands for its sender: on its way, refused, delivered, or read by the other side. */
export type DeliveryStatus = 'sending' | 'failed' | 'sent' | 'read';

const DELIVERY: Record<DeliveryStatus, { Icon: typeof IconCheck; label: string; color?: string }> = {
  sending: { Icon: IconClock, label: 'Sending' },
  failed: { Icon: IconAlertCircle, label: 'Not sent', color: 'var(--mantine-color-red-6)' },
  sent: { Icon: IconCheck, label: 'Sent, not read yet' },
  read: { Icon: IconChecks, label: 'Read', color: 'var(--mantine-primary-color-filled)' },
};

export type MessageBubbleProps = {
  domId: string;
  /** `in`: from the other side (the agent), drawn left; `out`: written by the operator's people, right. */
  side: 'in' | 'out';
  /** Follows a message of the same sender: tighter, no name or avatar. */
  continues: boolean;
  avatar?: ReactNode;
  senderName?: string | null;
  senderColor?: string;
  /** What a screen reader announces for the message ("Juniper, 12:03"). */
  label: string;
  time: string;
  timeTitle: string;
  edited?: boolean;
  delivery?: DeliveryStatus | null;
  /** A lone sticker or media card: no bubble around it. */
  mediaOnly?: boolean;
  highlighted?: boolean;
  children: ReactNode;
  reactions?: ReactNode;
  actions?: ReactNode;
  /** Under the bubble, e.g. a failed send's retry. */
  below?: ReactNode;
};

/** One message in a messenger-style timeline; its hints show through the timeline's HintLayer. */
export function MessageBubble({
  domId,
  side,
  continues,
  avatar,
  senderName,
  senderColor,
  label,
  time,
  timeTitle,
  edited = false,
  delivery = null,
  mediaOnly = false,
  highlighted = false,
  children,
  reactions,
  actions,
  below,
}: MessageBubbleProps) {
  const status = delivery ? DELIVERY[delivery] : null;
  return (
    <div
      className="tc-row"
      data-side={side}
      data-run={continues ? 'continues' : 'starts'}
      data-highlight={highlighted || undefined}
    >
      {side === 'in' && <div className="tc-avatar-slot">{continues ? null : avatar}</div>}
      <div className="tc-column">
        <article
          id={domId}
          className="tc-bubble"
          aria-label={label}
          tabIndex={-1}
          data-status={delivery ?? undefined}
          data-media-only={mediaOnly || undefined}
        >
          {senderName && !continues && (
            <div className="tc-sender" style={{ color: senderColor }}>
              {senderName}
            </div>
          )}
          {children}
          {reactions}
          <span className="tc-meta">
            {edited && <span>edited</span>}
            <time dateTime={timeTitle} data-hint={timeTitle}>
              {time}
            </time>
            {status && (
              <span
                role="img"
                aria-label={status.label}
                data-hint={status.label}
                style={{ display: 'inline-flex', color: status.color }}
              >
                <status.Icon size={14} stroke={2} aria-hidden />
              </span>
            )}
          </span>
        </article>
        {below && (
          <Text component="div" size="xs" mt={2}>
            {below}
          </Text>
        )}
      </div>
      {actions && <div className="tc-actions">{actions}</div>}
    </div>
  );
}
