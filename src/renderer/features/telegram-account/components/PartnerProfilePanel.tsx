import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { ErrorState, LoadingState } from '../../../ui/states';
import { telegramAccountSelectors } from '../selectors';
import { useTelegramAccountStore } from '../store';
import { PhotoAvatar } from './PhotoAvatar';
import { PhotoGallery } from './ProfilePhotos';
import { useAccountAction } from './use-account-action';

/** The inspector's Profile tab on Telegram: who the agent talks to, as Telegram shows them. */
export function PartnerProfilePanel({ agent, channelId }: { agent: string; channelId: number }) {
  const partner = useTelegramAccountStore(
    useMemo(() => telegramAccountSelectors.partner(agent, channelId), [agent, channelId]),
  );
  const { loadPartner, setContact } = useTelegramAccountStore(telegramAccountSelectors.actions);
  const change = useAccountAction();

  useEffect(() => {
    void loadPartner(agent, channelId);
  }, [agent, channelId, loadPartner]);

  const profile = partner.value;
  if (!profile) {
    if (partner.status === 'error')
      return (
        <ErrorState
          title="The profile could not be read"
          message={partner.error ?? ''}
          onRetry={() => void loadPartner(agent, channelId)}
        />
      );
    return <LoadingState label="Reading the profile from Telegram…" minHeight={160} />;
  }
  const current = profile.photos.find((photo) => photo.current) ?? null;
  return (
    <Stack gap="sm" aria-label={`${profile.name}'s profile`}>
      <Group gap="sm" wrap="nowrap">
        <PhotoAvatar
          configName={agent}
          peerId={profile.id}
          photoId={current?.id ?? null}
          name={profile.name}
          size={56}
        />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600}>{profile.name}</Text>
          {profile.username && (
            <Text size="sm" c="dimmed">
              @{profile.username}
            </Text>
          )}
          {profile.phone && (
            <Text size="sm" ff="monospace" c="dimmed">
              {profile.phone}
            </Text>
          )}
        </Stack>
      </Group>
      <Group gap={4}>
        {profile.memberCount !== null && (
          <Badge variant="light">
            {profile.memberCount} member{profile.memberCount === 1 ? '' : 's'}
          </Badge>
        )}
        {profile.contact && <Badge variant="light">In contacts</Badge>}
        {profile.blocked && (
          <Badge color="red" variant="light">
            Blocked
          </Badge>
        )}
        {profile.deleted && <Badge color="gray">Deleted account</Badge>}
      </Group>
      {profile.bio && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {profile.bio}
        </Text>
      )}
      {profile.contact !== null && (
        <Button
          variant="light"
          size="xs"
          w="fit-content"
          loading={change.busy}
          leftSection={
            profile.contact ? <IconUserMinus size={14} aria-hidden /> : <IconUserPlus size={14} aria-hidden />
          }
          onClick={() => void change.run(() => setContact(agent, profile.id, !profile.contact))}
        >
          {profile.contact ? 'Remove from contacts' : 'Add to contacts'}
        </Button>
      )}
      {change.error && (
        <Text size="sm" c="red" role="alert">
          {change.error}
        </Text>
      )}
      {profile.kind === 'user' && (
        <PhotoGallery configName={agent} userId={profile.id} photos={profile.photos} columns={3} />
      )}
    </Stack>
  );
}
