import { ActionIcon, Anchor, Text } from '@mantine/core';
import {
  IconFile,
  IconGif,
  IconMovie,
  IconMusic,
  IconPhoto,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconSticker,
} from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type { MediaKind } from '../../../shared/domain/config';
import { mediaLabel } from '../chat/media-label';
import { formatBytes } from './media-display';

const MEDIA_ICONS: Record<MediaKind, typeof IconFile> = {
  sticker: IconSticker,
  photo: IconPhoto,
  gif: IconGif,
  animation: IconGif,
  video: IconMovie,
  audio: IconMusic,
  document: IconFile,
};

/**
 * In place of a file that did not load (or that Troupe does not have): what it is and, where
 * there is room, what the agent was told it shows.
 */
export function MediaPlaceholder({
  kind,
  hint,
  missing,
  compact,
}: {
  kind: MediaKind;
  hint: string;
  /** No file at all, rather than one that failed to load. */
  missing: boolean;
  compact: boolean;
}) {
  const Icon = MEDIA_ICONS[kind];
  const state = missing ? 'no file' : 'not loaded';
  return (
    <div className="tm-media-placeholder" role="img" aria-label={`${mediaLabel(kind)}, ${state}: ${hint}`}>
      <Icon size={compact ? 24 : 30} stroke={1.4} aria-hidden />
      <Text size="xs" fw={650} tt="uppercase" lts={0.3}>
        {mediaLabel(kind)} · {state}
      </Text>
      {!compact && (
        <Text size="xs" fs="italic" lh={1.35} lineClamp={4} className="tm-media-placeholder-hint">
          {hint}
        </Text>
      )}
    </div>
  );
}

/** A document: its name and size, and a link that saves the file (the desktop opens no windows). */
export function DocumentFile({
  src,
  fileName,
  fileSize,
  compact,
}: {
  src: string;
  fileName: string | null | undefined;
  fileSize: number | null | undefined;
  compact: boolean;
}) {
  const name = fileName || 'File';
  return (
    <div className="tm-media-document">
      <IconFile size={compact ? 26 : 30} stroke={1.4} aria-hidden />
      <div className="tm-media-document-text">
        <Text size="sm" fw={600} truncate title={name}>
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          {fileSize != null ? `${formatBytes(fileSize)} · ` : ''}
          <Anchor href={src} download={fileName || true} inherit>
            Download
          </Anchor>
        </Text>
      </div>
    </div>
  );
}

/** A play/pause button for audio, where a full player has no room (the editor's previews). */
export function AudioToggle({ src, label, onError }: { src: string; label: string; onError: () => void }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) element.play().catch(onError);
    else element.pause();
  };
  return (
    <>
      <ActionIcon
        size={44}
        radius="xl"
        variant="light"
        aria-label={`${playing ? 'Pause' : 'Play'} ${label}`}
        onClick={toggle}
      >
        {playing ? (
          <IconPlayerPauseFilled size={20} aria-hidden />
        ) : (
          <IconPlayerPlayFilled size={20} aria-hidden />
        )}
      </ActionIcon>
      {/* biome-ignore lint/a11y/useMediaCaption: a voice note has no captions; the button names it */}
      <audio
        ref={audio}
        src={src}
        preload="none"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onError={onError}
      />
    </>
  );
}
