import {
  IconBan,
  IconBrain,
  IconEraser,
  IconHourglass,
  IconInbox,
  IconLockOpen,
  IconMoodSmile,
  IconPhoto,
  IconSend,
  IconShare3,
  IconSticker,
  IconTopologyStar3,
} from '@tabler/icons-react';

const KIND_ICONS: Record<string, typeof IconSend> = {
  received: IconInbox,
  send: IconSend,
  sticker: IconSticker,
  send_media: IconPhoto,
  react: IconMoodSmile,
  wait: IconHourglass,
  block: IconBan,
  unblock: IconLockOpen,
  'clear-conversation': IconEraser,
  xsend: IconShare3,
  think: IconBrain,
};

export function taskKindIcon(kind: string): typeof IconSend {
  return KIND_ICONS[kind] ?? IconTopologyStar3;
}
