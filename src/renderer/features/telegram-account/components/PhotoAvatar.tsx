import { Avatar } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { initials } from '../../conversations/model';
import { telegramAccountSelectors } from '../selectors';
import { useTelegramAccountStore } from '../store';

/**
 * A person's or a chat's photo as an avatar (by its marked id: a chat's is negative), fetched once
 * it scrolls into view; initials until then.
 */
export function PhotoAvatar({
  configName,
  peerId,
  photoId,
  name,
  size = 36,
}: {
  configName: string;
  peerId: number;
  photoId: string | null;
  name: string;
  size?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  const src = useTelegramAccountStore(
    useMemo(() => telegramAccountSelectors.photo(configName, peerId, photoId), [configName, peerId, photoId]),
  );
  const { loadPhoto } = useTelegramAccountStore(telegramAccountSelectors.actions);

  useEffect(() => {
    const element = ref.current;
    if (!element || visible) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);

  useEffect(() => {
    if (visible && photoId !== null) loadPhoto(configName, peerId, photoId);
  }, [visible, configName, peerId, photoId, loadPhoto]);

  return (
    <Avatar ref={ref} src={src ?? null} size={size} radius="xl" alt={src ? `${name}’s photo` : undefined}>
      {initials(name)}
    </Avatar>
  );
}
