import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PhotoAvatar } from './PhotoAvatar';

/** A person, group or channel in a list: its photo, its name, and what `children` says below it. */
export function PeerName(props: {
  configName: string;
  peerId: number;
  photoId: string | null;
  name: string;
  children?: ReactNode;
}) {
  const { configName, peerId, photoId, name, children } = props;
  return (
    <Group gap="sm" wrap="nowrap">
      <PhotoAvatar configName={configName} peerId={peerId} photoId={photoId} name={name} />
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {name}
        </Text>
        {children}
      </Stack>
    </Group>
  );
}
