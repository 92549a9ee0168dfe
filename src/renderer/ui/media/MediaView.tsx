import './media.css';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import type { MediaKind } from '../../../shared/domain/config';
import { mediaLabel } from '../chat/media-label';
import { AudioToggle, DocumentFile, MediaPlaceholder } from './MediaParts';
import { type MediaDisplay, mediaDisplay, mediaHint } from './media-display';
import { TgsSticker } from './TgsSticker';
import { useSeen } from './useSeen';

export type MediaViewProps = {
  /** Where the bytes load from: a `/media/...` path relative to the console's origin; null for no file. */
  src: string | null;
  kind: MediaKind;
  mimeType?: string | null | undefined;
  fileName?: string | null | undefined;
  fileSize?: number | null | undefined;
  description: string | null;
  failureReason?: string | null | undefined;
  /** `bubble`: in a conversation, at its own size; `tile`: a small square preview. */
  variant: 'bubble' | 'tile';
  /** Where the operator corrects the description, linked from a pencil over the media. */
  editHref?: string | undefined;
  /** A custom emoji of a message's text: drawn small. */
  emoji?: boolean | undefined;
};

type PlayerProps = {
  display: MediaDisplay;
  variant: MediaViewProps['variant'];
  src: string;
  label: string;
  onError: () => void;
};

/** The element that plays the file; `onError` when its bytes do not load or play. */
function Player({ display, variant, src, label, onError }: PlayerProps) {
  switch (display) {
    case 'image':
      return <img src={src} alt={label} decoding="async" onError={onError} />;
    case 'tgs':
      return <TgsSticker src={src} label={label} onError={onError} />;
    case 'loop':
      return <video src={src} aria-label={label} autoPlay muted loop playsInline onError={onError} />;
    case 'video':
      return variant === 'tile' ? (
        <video src={src} aria-label={label} autoPlay muted loop playsInline onError={onError} />
      ) : (
        // biome-ignore lint/a11y/useMediaCaption: a user's file has no captions; the label describes it
        <video src={src} aria-label={label} controls preload="metadata" playsInline onError={onError} />
      );
    case 'audio':
      return variant === 'tile' ? (
        <AudioToggle src={src} label={label} onError={onError} />
      ) : (
        // biome-ignore lint/a11y/useMediaCaption: a voice note has no captions; the label describes it
        <audio src={src} aria-label={label} controls preload="metadata" onError={onError} />
      );
    case 'document':
      return null;
    default:
      return display satisfies never;
  }
}

/**
 * A media file as itself: photos and static stickers as pictures, videos and GIFs as video (GIFs
 * and video stickers looping, muted), voice and audio with a player, TGS stickers animating, and
 * documents by name and size with a link to open them. Files load once they near the view; the
 * description the agent was given shows on hover and focus; a file that does not load leaves a
 * placeholder with its kind and description.
 */
export function MediaView(props: MediaViewProps) {
  const { src, kind, description, failureReason, variant, editHref } = props;
  const [ref, seen] = useSeen<HTMLElement>();
  const [failed, setFailed] = useState(false);
  const display = mediaDisplay(kind, props.mimeType);
  const kindName = mediaLabel(kind);
  const hint = mediaHint(description, failureReason);
  const label = `${kindName}: ${hint}`;

  const compact = variant === 'tile';
  let body: ReactNode;
  if (src === null || failed) {
    body = <MediaPlaceholder kind={kind} hint={hint} missing={src === null} compact={compact} />;
  } else if (display === 'document') {
    body = <DocumentFile src={src} fileName={props.fileName} fileSize={props.fileSize} compact={compact} />;
  } else if (seen) {
    body = (
      <Player display={display} variant={variant} src={src} label={label} onError={() => setFailed(true)} />
    );
  } else {
    body = null;
  }

  return (
    <figure
      ref={ref}
      className="tm-media"
      data-variant={variant}
      data-display={display}
      data-kind={kind}
      data-emoji={props.emoji || undefined}
      data-failed={src === null || failed || undefined}
      aria-label={label}
    >
      <Tooltip label={hint} multiline maw={320} openDelay={300}>
        <div className="tm-media-body">{body}</div>
      </Tooltip>
      {editHref && (
        // The description shows over the pencil too, where keyboard users reach it.
        <Tooltip label={`Edit: ${hint}`} multiline maw={320} openDelay={300}>
          <ActionIcon
            component={Link}
            href={editHref}
            className="tm-media-edit"
            size="sm"
            radius="xl"
            variant="default"
            aria-label={`Edit the description of this ${kindName.toLowerCase()}`}
          >
            <IconPencil size={14} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </figure>
  );
}
