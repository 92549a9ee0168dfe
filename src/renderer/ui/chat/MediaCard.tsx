import { Stack, Text } from '@mantine/core';
import {
  IconFile,
  IconGif,
  IconMovie,
  IconMusic,
  IconPhoto,
  IconPuzzle,
  IconSticker,
} from '@tabler/icons-react';
import type { MessagePart } from '../../../shared/domain/conversation';
import { mediaLabel } from './media-label';

type MediaPart = Extract<MessagePart, { kind: 'media' }>;

const MEDIA_ICONS = {
  sticker: IconSticker,
  photo: IconPhoto,
  gif: IconGif,
  animation: IconGif,
  video: IconMovie,
  audio: IconMusic,
  document: IconFile,
} as const;

/** A sticker's name is usually its emoji: then the emoji stands in for the picture. */
function isEmojiName(name: string | null | undefined): name is string {
  return !!name && name.length <= 8 && /\p{Extended_Pictographic}/u.test(name);
}

/**
 * Media as the agent perceives it: no picture, but what kind it is, where it is from and the
 * description the model reads.
 */
export function MediaCard({ part }: { part: MediaPart }) {
  const Icon = MEDIA_ICONS[part.mediaKind as keyof typeof MEDIA_ICONS] ?? IconFile;
  const kindName = mediaLabel(part.mediaKind);
  const isSticker = part.mediaKind === 'sticker';
  const title = isSticker
    ? [kindName, part.stickerSetTitle ?? part.stickerSetName].filter(Boolean).join(' · ')
    : (part.fileName ?? kindName);

  return (
    <figure className="tc-media" aria-label={`${kindName}${part.description ? `: ${part.description}` : ''}`}>
      {isSticker && isEmojiName(part.stickerName) ? (
        <span className="tc-sticker-glyph" aria-hidden>
          {part.stickerName}
        </span>
      ) : (
        <Icon size={32} stroke={1.4} aria-hidden style={{ flex: 'none', opacity: 0.7 }} />
      )}
      <Stack gap={1} miw={0}>
        <Text size="xs" fw={650} c="dimmed" tt="uppercase" lts={0.3} truncate>
          {title}
        </Text>
        {isSticker && part.stickerName && !isEmojiName(part.stickerName) && (
          <Text size="xs" ff="monospace">
            {part.stickerName}
          </Text>
        )}
        {part.description ? (
          <Text size="sm" fs="italic" lh={1.35}>
            {part.description}
          </Text>
        ) : (
          <Text size="xs" c="dimmed" fs="italic">
            {part.failureReason ? `Could not be described: ${part.failureReason}` : 'Not described yet'}
          </Text>
        )}
      </Stack>
    </figure>
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
