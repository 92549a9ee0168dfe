import { Alert, Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconLogin2, IconLogout } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import type { AgentConfig } from '../../../../shared/domain/config';
import type { TelegramAccountView } from '../../../../shared/domain/telegram';
import { errorMessage } from '../../../api/errors';
import { type Field, FieldList, NotSet } from '../../../ui/FieldList';
import { formatDateTime } from '../../../ui/format';
import { useNow } from '../../../ui/RelativeTime';
import { Section } from '../../../ui/Section';
import { ErrorState, LoadingState } from '../../../ui/states';
import { canLogIn, canLogOut, enableBlockedReason, formatRemaining, remainingMs } from '../model';
import { telegramSelectors } from '../selectors';
import { useTelegramStore } from '../store';
import { useAccountsLoaded } from '../use-accounts-loaded';
import { ConnectionBadge } from './AccountBadges';
import { LoginWizard } from './LoginWizard';

type AgentRef = Pick<AgentConfig, 'configName' | 'name' | 'phone' | 'disabled'>;

/** "4:05 (until 12:09)": a flood wait's countdown, ticking. */
function CoolDownValue({ until }: { until: string }) {
  const now = useNow(1000);
  const left = remainingMs(until, now.getTime());
  if (left === null) return <NotSet>none</NotSet>;
  return (
    <>
      <Text span inherit ff="monospace">
        {formatRemaining(left)}
      </Text>{' '}
      <Text span inherit c="dimmed">
        (tasks resume at <time dateTime={until}>{formatDateTime(until)}</time>)
      </Text>
    </>
  );
}

function accountFields(account: TelegramAccountView, config: AgentRef): Field[] {
  const { user } = account;
  const fields: Field[] = [
    { label: 'Connection', value: <ConnectionBadge account={account} config={config} /> },
  ];
  if (user === null) {
    fields.push({ label: 'Account', value: <NotSet>not known until the first login on this server</NotSet> });
  } else {
    fields.push(
      { label: 'Name', value: user.name },
      { label: 'Username', value: user.username ? `@${user.username}` : <NotSet>none</NotSet> },
      { label: 'Telegram ID', value: String(user.id) },
      { label: 'Phone', value: user.phone ? `+${user.phone.replace(/^\+/, '')}` : <NotSet>hidden</NotSet> },
      { label: 'Premium', value: user.premium ? 'Yes' : 'No' },
    );
  }
  if (account.coolDownUntil)
    fields.push({ label: 'Cool-down', value: <CoolDownValue until={account.coolDownUntil} /> });
  return fields;
}

/** Telegram limited the account; shown while the limit lasts. */
function SendsStoppedNotice({ configName, until }: { configName: string; until: string }) {
  const now = useNow(60_000);
  const { resumeSends } = useTelegramStore(telegramSelectors.actions);
  const [pending, setPending] = useState(false);
  if (remainingMs(until, now.getTime()) === null) return null;
  const resume = async () => {
    setPending(true);
    try {
      await resumeSends(configName);
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not resume sends', message: errorMessage(error) });
    } finally {
      setPending(false);
    }
  };
  return (
    <Alert color="red" variant="light" title="Sends stopped" icon={<IconAlertTriangle aria-hidden />}>
      Telegram limited this account for sending too much to people who did not write first. Nothing goes out
      until <time dateTime={until}>{formatDateTime(until)}</time>; incoming messages are still read. Once
      @SpamBot in Telegram says the limit is lifted, resume sends.
      <Button mt="sm" size="xs" variant="light" color="red" loading={pending} onClick={() => void resume()}>
        Resume sends
      </Button>
    </Alert>
  );
}

/** The operator switch; a file-level Disabled wins over it, so then it is off and explains why. */
function EnabledSwitch({ account, config }: { account: TelegramAccountView; config: AgentRef }) {
  const { setEnabled } = useTelegramStore(telegramSelectors.actions);
  const [pending, setPending] = useState(false);
  const blocked = enableBlockedReason(config);

  const toggle = async (enabled: boolean) => {
    setPending(true);
    try {
      await setEnabled(config.configName, enabled);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: enabled ? 'Could not enable the agent' : 'Could not disable the agent',
        message: errorMessage(error),
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <Switch
      label="Enabled"
      description={
        blocked ??
        (!account.enabled
          ? 'Off: not connected to Telegram; its tasks wait until it is switched on.'
          : account.connection === 'connected'
            ? 'Connected and answering. Switch off to pause it; its tasks wait.'
            : 'Connects to Telegram and answers once logged in. Switch off to pause it.')
      }
      checked={account.enabled && !config.disabled}
      disabled={blocked !== null || pending}
      onChange={(event) => void toggle(event.currentTarget.checked)}
    />
  );
}

function LogoutButton({ config }: { config: AgentRef }) {
  const { logout } = useTelegramStore(telegramSelectors.actions);
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    setPending(true);
    try {
      await logout(config.configName);
      setConfirming(false);
      notifications.show({
        color: 'teal',
        title: 'Logged out',
        message: `${config.name} is logged out of Telegram.`,
      });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not log out', message: errorMessage(error) });
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Button
        variant="default"
        leftSection={<IconLogout size={16} aria-hidden />}
        onClick={() => setConfirming(true)}
      >
        Log out
      </Button>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={`Log ${config.name} out of Telegram?`}
        centered
      >
        <Stack gap="lg">
          <Text size="sm">
            Telegram ends this session and Troupe forgets it. The agent stops answering until someone logs it
            in again, which needs a code sent to the account.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" disabled={pending} onClick={() => setConfirming(false)}>
              Keep logged in
            </Button>
            <Button color="red" loading={pending} onClick={() => void confirm()}>
              Log out
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function AccountView({ account, config }: { account: TelegramAccountView; config: AgentRef }) {
  const { openLogin } = useTelegramStore(telegramSelectors.actions);
  return (
    <Stack gap="md">
      <FieldList fields={accountFields(account, config)} />
      {account.problem && account.connection === 'error' && (
        <Alert
          role="alert"
          color="red"
          variant="light"
          title="Problem"
          icon={<IconAlertTriangle aria-hidden />}
        >
          {account.problem}
        </Alert>
      )}
      {account.sendsStoppedUntil && (
        <SendsStoppedNotice configName={account.configName} until={account.sendsStoppedUntil} />
      )}
      <EnabledSwitch account={account} config={config} />
      <Group gap="sm">
        {canLogIn(account) && (
          <Button
            leftSection={<IconLogin2 size={16} aria-hidden />}
            onClick={() => openLogin(config.configName, config.phone)}
          >
            Log in
          </Button>
        )}
        {canLogOut(account) && <LogoutButton config={config} />}
      </Group>
      <LoginWizard configName={config.configName} agentName={config.name} />
    </Stack>
  );
}

/** An agent's Telegram account on its page: who it is, how it is connected, and its controls. */
export function TelegramAccountSection({ config }: { config: AgentRef }) {
  const account = useTelegramStore(
    useMemo(() => telegramSelectors.account(config.configName), [config.configName]),
  );
  const status = useTelegramStore(telegramSelectors.status);
  const error = useTelegramStore(telegramSelectors.error);
  const { loadAccounts } = useTelegramStore(telegramSelectors.actions);
  useAccountsLoaded();

  let content: ReactNode;
  if (account) content = <AccountView account={account} config={config} />;
  else if (status === 'error' || (status === 'ready' && error))
    content = (
      <ErrorState
        title="The Telegram account could not be loaded"
        message={error ?? 'Unknown error.'}
        onRetry={() => void loadAccounts()}
      />
    );
  else if (status === 'ready') content = <NotSet>The runtime has no Telegram account for this agent.</NotSet>;
  else content = <LoadingState label="Loading the account…" minHeight={120} />;

  return <Section title="Telegram account">{content}</Section>;
}
