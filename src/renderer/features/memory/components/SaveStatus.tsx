import { Group, Loader, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

/** How long "Saved" stays after a save went through. */
const SAVED_SHOWN_MS = 2500;

/** "Saving…" while an auto-save runs, then "Saved" for a moment; announced politely. */
export function SaveStatus({ saving, savedAt }: { saving: boolean; savedAt: number | null }) {
  const [recent, setRecent] = useState(false);
  useEffect(() => {
    if (savedAt === null) return;
    setRecent(true);
    const timer = setTimeout(() => setRecent(false), SAVED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [savedAt]);

  return (
    <Group gap={4} wrap="nowrap" role="status" aria-live="polite" mih={18}>
      {saving ? (
        <>
          <Loader size={10} aria-hidden />
          <Text span size="xs" c="dimmed">
            Saving…
          </Text>
        </>
      ) : recent ? (
        <>
          <IconCheck size={12} color="var(--mantine-color-teal-6)" aria-hidden />
          <Text span size="xs" c="teal">
            Saved
          </Text>
        </>
      ) : null}
    </Group>
  );
}
