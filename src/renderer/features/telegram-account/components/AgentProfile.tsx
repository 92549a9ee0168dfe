import { Paper, Stack, Title } from '@mantine/core';
import { IconBrandTelegram } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { EmptyBlock, ErrorState, LoadingState } from '../../../ui/states';
import { isLoggedIn } from '../../conversations/telegram-agents';
import { telegramSelectors } from '../../telegram/selectors';
import { useTelegramStore } from '../../telegram/store';
import { telegramAccountSelectors } from '../selectors';
import { useTelegramAccountStore } from '../store';
import { BirthdayForm, NamesForm, UsernameForm } from './ProfileForms';
import { OwnPhotos } from './ProfilePhotos';

function ProfileSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Says why an account view cannot show: the agent is not signed in to Telegram. */
export function SignedOutNotice({ agentName, what }: { agentName: string; what: string }) {
  return (
    <EmptyBlock
      icon={<IconBrandTelegram size={28} aria-hidden />}
      title={`${agentName} is not signed in to Telegram`}
      description={`Log in on the Overview to see and change ${what}.`}
    />
  );
}

/** The agent page's Profile tab: the agent's Telegram profile, read from Telegram and changed there. */
export function AgentProfile({ configName, agentName }: { configName: string; agentName: string }) {
  const account = useTelegramStore(useMemo(() => telegramSelectors.account(configName), [configName]));
  const signedIn = isLoggedIn(account);
  const profile = useTelegramAccountStore(
    useMemo(() => telegramAccountSelectors.profile(configName), [configName]),
  );
  const { loadProfile } = useTelegramAccountStore(telegramAccountSelectors.actions);
  const connected = account?.connection === 'connected';

  useEffect(() => {
    if (connected) void loadProfile(configName);
  }, [connected, configName, loadProfile]);

  if (!signedIn) return <SignedOutNotice agentName={agentName} what="its profile" />;
  if (profile.value === null) {
    if (profile.status === 'error')
      return (
        <ErrorState
          title="The profile could not be read"
          message={profile.error ?? ''}
          onRetry={() => void loadProfile(configName)}
        />
      );
    return (
      <LoadingState
        label={connected ? 'Reading the profile from Telegram…' : 'Waiting for the connection…'}
      />
    );
  }
  const value = profile.value;
  return (
    <Stack gap="md" maw={760}>
      <ProfileSection title="Name and bio">
        <NamesForm configName={configName} profile={value} />
      </ProfileSection>
      <ProfileSection title="Username">
        <UsernameForm configName={configName} profile={value} />
      </ProfileSection>
      <ProfileSection title="Birthday">
        <BirthdayForm configName={configName} profile={value} />
      </ProfileSection>
      <ProfileSection title="Profile photos">
        <OwnPhotos configName={configName} profile={value} />
      </ProfileSection>
    </Stack>
  );
}
