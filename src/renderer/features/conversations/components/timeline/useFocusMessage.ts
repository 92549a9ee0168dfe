import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import type { Timeline } from '../../store';

/**
 * Shows the message the address names (a link from memory): once it is loaded, scrolls to it and
 * highlights it; while it is older than the messages loaded, loads older pages. Each message is
 * shown once per visit, so scrolling away afterwards is not undone.
 */
export function useFocusMessage({
  messageId,
  timeline,
  showMessage,
  loadOlder,
}: {
  messageId: number | null;
  timeline: Timeline;
  showMessage: (messageId: number) => void;
  loadOlder: () => void;
}) {
  const shown = useRef<number | null>(null);
  useEffect(() => {
    if (messageId === null || shown.current === messageId || timeline.status !== 'ready') return;
    const { window } = timeline;
    if (messageId in window.byId) {
      shown.current = messageId;
      // After the rows of this render are laid out, so the scroll lands on the message.
      requestAnimationFrame(() => showMessage(messageId));
      return;
    }
    const oldest = window.ids[0];
    if (timeline.hasMore && oldest !== undefined && messageId < oldest) {
      if (!timeline.loadingOlder && !timeline.olderError) loadOlder();
      return;
    }
    shown.current = messageId;
    notifications.show({
      title: `Message ${messageId} is not in this chat`,
      message: 'It may have been deleted since it was remembered.',
    });
  }, [messageId, timeline, showMessage, loadOlder]);
}
