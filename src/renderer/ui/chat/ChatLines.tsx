import { Text } from '@mantine/core';
import type { CSSProperties } from 'react';

/** The quote of the message a message replies to; clicking it shows that message. */
export function ReplyQuote({
  name,
  preview,
  color,
  onShow,
}: {
  name: string;
  preview: string;
  color?: string;
  onShow?: () => void;
}) {
  return (
    <button
      type="button"
      className="tc-quote"
      style={{ '--tc-quote-color': color } as CSSProperties}
      aria-label={`In reply to ${name}: ${preview}. Show that message.`}
      onClick={onShow}
      disabled={!onShow}
    >
      <Text span size="xs" fw={650} c={color} display="block" truncate>
        {name}
      </Text>
      <Text span size="xs" c="dimmed" display="block" truncate>
        {preview}
      </Text>
    </button>
  );
}

/** A service event ("Bo joined the group") as a centred line. */
export function ServiceLine({ text }: { text: string }) {
  return (
    <div className="tc-service">
      <span>{text}</span>
    </div>
  );
}

/** The date above the first message of each day. */
export function DayDivider({ label }: { label: string }) {
  return (
    <div className="tc-day">
      <span>{label}</span>
    </div>
  );
}

/** Three bouncing dots (still when the operator prefers reduced motion). */
export function TypingDots() {
  return (
    <span className="tc-typing" aria-hidden>
      <i />
      <i />
      <i />
    </span>
  );
}
