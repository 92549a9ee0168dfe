import { Text } from '@mantine/core';
import { IconPuzzle } from '@tabler/icons-react';
import type { MessagePart } from '../../../shared/domain/conversation';
import { MediaView } from '../media/MediaView';

type MediaPart = Extract<MessagePart, { kind: 'media' }>;

/**
 * A message's media as itself (see MediaView), with the description the agent was given on
 * hover and a link to correct it.
 */
export function MediaCard({ part, src, editHref }: { part: MediaPart; src: string; editHref?: string }) {
  return (
    <MediaView
      src={src}
      kind={part.mediaKind}
      mimeType={part.mimeType}
      fileName={part.fileName}
      fileSize={part.fileSize}
      description={part.description}
      failureReason={part.failureReason}
      variant="bubble"
      editHref={editHref}
      emoji={part.customEmoji}
    />
  );
}

/** A part kind the console does not know, shown as what it is rather than dropped. */
export function UnknownPart({ partKind }: { partKind: string }) {
  return (
    <figure className="tc-media" aria-label={`Unsupported content: ${partKind}`}>
      <IconPuzzle size={28} stroke={1.4} aria-hidden style={{ flex: 'none', opacity: 0.6 }} />
      <Text size="xs" c="dimmed">
        Unsupported content ({partKind})
      </Text>
    </figure>
  );
}
