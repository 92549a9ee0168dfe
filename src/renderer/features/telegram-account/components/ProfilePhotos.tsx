import {
  Badge,
  Button,
  FileButton,
  Group,
  Image,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import type { OwnProfile, ProfilePhoto } from '../../../../shared/api/telegram-account-contract';
import { ConfirmAction } from '../../../ui/ConfirmAction';
import { toBase64 } from '../../playground/model/attachment';
import { photoDay, photoTileLabel } from '../model';
import { telegramAccountSelectors } from '../selectors';
import { useTelegramAccountStore } from '../store';
import { useAccountAction } from './use-account-action';

function usePhoto(configName: string, userId: number, photoId: string): string | null | undefined {
  const src = useTelegramAccountStore(
    useMemo(() => telegramAccountSelectors.photo(configName, userId, photoId), [configName, userId, photoId]),
  );
  const { loadPhoto } = useTelegramAccountStore(telegramAccountSelectors.actions);
  useEffect(() => loadPhoto(configName, userId, photoId), [configName, userId, photoId, loadPhoto]);
  return src;
}

function PhotoTile({
  configName,
  userId,
  photo,
  label,
  onOpen,
}: {
  configName: string;
  userId: number;
  photo: ProfilePhoto;
  label: string;
  onOpen: () => void;
}) {
  const src = usePhoto(configName, userId, photo.id);
  return (
    // At the top of its grid cell: a button centres what it holds, so a tile without the Current
    // badge, stretched to its row, would sit lower than its neighbours.
    <UnstyledButton onClick={onOpen} aria-label={label} style={{ alignSelf: 'start' }}>
      {src ? (
        <Image src={src} alt="" radius="md" h={120} w="100%" fit="cover" />
      ) : (
        <Skeleton h={120} radius="md" animate={src === null} />
      )}
      <Text size="xs" c="dimmed" mt={4}>
        {photoDay(photo)}
      </Text>
      {photo.current && (
        <Badge size="xs" variant="light">
          Current
        </Badge>
      )}
    </UnstyledButton>
  );
}

/** A person's profile photos as tiles; one opens full screen. The agent's own can be changed. */
export function PhotoGallery({
  configName,
  userId,
  photos,
  columns = { base: 2, xs: 3, md: 5 },
  actionsFor,
}: {
  configName: string;
  userId: number;
  photos: readonly ProfilePhoto[];
  /** Tiles per row; the inspector is narrower than the page. */
  columns?: number | Record<string, number>;
  actionsFor?: (photo: ProfilePhoto, close: () => void) => React.ReactNode;
}) {
  const [open, setOpen] = useState<ProfilePhoto | null>(null);
  if (photos.length === 0)
    return (
      <Text c="dimmed" size="sm">
        No profile photos.
      </Text>
    );
  return (
    <>
      <SimpleGrid cols={columns} spacing="sm">
        {photos.map((photo, index) => (
          <PhotoTile
            key={photo.id}
            configName={configName}
            userId={userId}
            photo={photo}
            label={photoTileLabel(photo, index, photos.length)}
            onOpen={() => setOpen(photo)}
          />
        ))}
      </SimpleGrid>
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        fullScreen
        title={open ? `Profile photo of ${new Date(open.date).toLocaleString()}` : ''}
      >
        {open && <FullPhoto configName={configName} userId={userId} photo={open} />}
        {open && actionsFor && (
          <Group justify="center" mt="md">
            {actionsFor(open, () => setOpen(null))}
          </Group>
        )}
      </Modal>
    </>
  );
}

function FullPhoto({
  configName,
  userId,
  photo,
}: {
  configName: string;
  userId: number;
  photo: ProfilePhoto;
}) {
  const src = usePhoto(configName, userId, photo.id);
  return src ? (
    <Image src={src} alt="The profile photo" fit="contain" mah="calc(100vh - 160px)" />
  ) : (
    <Skeleton h={320} />
  );
}

/** The agent's photos: upload a new one, make an older one current, remove one. */
export function OwnPhotos({ configName, profile }: { configName: string; profile: OwnProfile }) {
  const { uploadPhoto, setPhoto, deletePhoto } = useTelegramAccountStore(telegramAccountSelectors.actions);
  const upload = useAccountAction();
  const change = useAccountAction();
  const send = (file: File | null) => {
    if (!file) return;
    void upload.run(async () =>
      uploadPhoto(configName, {
        fileName: file.name,
        dataBase64: toBase64(new Uint8Array(await file.arrayBuffer())),
      }),
    );
  };
  return (
    <Stack gap="sm">
      <Group gap="sm" align="center">
        <FileButton onChange={send} accept="image/jpeg,image/png">
          {(props) => (
            <Button
              {...props}
              variant="light"
              loading={upload.busy}
              leftSection={<IconPhotoUp size={16} aria-hidden />}
            >
              Upload a photo…
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          A JPEG or PNG of up to 10 MB becomes the current photo.
        </Text>
      </Group>
      {(upload.fields.photo ?? upload.error) && (
        <Text size="sm" c="red" role="alert">
          {upload.fields.photo ?? upload.error}
        </Text>
      )}
      {change.error && (
        <Text size="sm" c="red" role="alert">
          {change.error}
        </Text>
      )}
      <Paper withBorder radius="md" p="sm">
        <PhotoGallery
          configName={configName}
          userId={profile.userId}
          photos={profile.photos}
          actionsFor={(photo, close) => (
            <>
              {!photo.current && (
                <Button
                  loading={change.busy}
                  onClick={() => void change.run(() => setPhoto(configName, photo.id)).then(close)}
                >
                  Make current
                </Button>
              )}
              <ConfirmAction
                label="Remove this photo"
                text="Remove"
                icon={<IconTrash size={14} aria-hidden />}
                question="Remove this photo from the agent’s Telegram profile?"
                confirmLabel="Remove"
                onConfirm={() => change.run(() => deletePhoto(configName, photo.id)).then(close)}
              />
            </>
          )}
        />
      </Paper>
    </Stack>
  );
}
